// reduce_precision: oracle jax.lax.reduce_precision
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 3.389530e+38, -3.389530e+38, 1.500000e+00, 0x7F80, 0xFF80, 0x7FC0, 3.000000e+00, -3.000000e+00, 1.484380e+00, -1.851560e+00, -1.390630e+00, -4.781250e+00, -1.806640e-01, -2.484380e+00, -6.437500e+00, -2.671880e+00, 1.000000e+00, 1.007810e+00, 1.015630e+00, 6.553600e+04, 7.014400e+04, 9.983770e-07]> : tensor<30xbf16>} : () -> tensor<30xbf16>
  %v2 = "shlo.reduce_precision"(%c1) {exponent_bits = 8 : i32, mantissa_bits = 7 : i32} : (tensor<30xbf16>) -> tensor<30xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 3.389530e+38, -3.389530e+38, 1.500000e+00, 0x7F80, 0xFF80, 0x7FC0, 3.000000e+00, -3.000000e+00, 1.484380e+00, -1.851560e+00, -1.390630e+00, -4.781250e+00, -1.806640e-01, -2.484380e+00, -6.437500e+00, -2.671880e+00, 1.000000e+00, 1.007810e+00, 1.015630e+00, 6.553600e+04, 7.014400e+04, 9.983770e-07]> : tensor<30xbf16>}} : (tensor<30xbf16>) -> ()
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<30xbf16>) -> tensor<30xi16>
  %c4 = shlo.constant {value = dense<15> : tensor<30xi16>} : () -> tensor<30xi16>
  %v5 = "shlo.shift_right_logical"(%v3, %c4) : (tensor<30xi16>, tensor<30xi16>) -> tensor<30xi16>
  %v6 = "shlo.compare"(%v2, %v2) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<30xbf16>, tensor<30xbf16>) -> tensor<30xi1>
  %c7 = shlo.constant {value = dense<0> : tensor<30xi16>} : () -> tensor<30xi16>
  %v8 = "shlo.select"(%v6, %v5, %c7) : (tensor<30xi1>, tensor<30xi16>, tensor<30xi16>) -> tensor<30xi16>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0]> : tensor<30xi16>}} : (tensor<30xi16>) -> ()
  func.return
}
