// reduce_precision: oracle jax.lax.reduce_precision
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 6.550400e+04, -6.550400e+04, 1.500000e+00, 0x7C00, 0xFC00, 0x7E00, 3.000000e+00, -3.000000e+00, 3.148440e+00, 1.444340e+00, 2.933590e+00, 4.320310e+00, 3.840330e-01, 4.748540e-02, -5.992190e+00, 7.509770e-01, 1.003910e+00, 1.007810e+00, 1.011720e+00, 6.550400e+04, 0x7C00, 1.013280e-06]> : tensor<30xf16>} : () -> tensor<30xf16>
  %v2 = "shlo.reduce_precision"(%c1) {exponent_bits = 5 : i32, mantissa_bits = 2 : i32} : (tensor<30xf16>) -> tensor<30xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 0x7C00, 0xFC00, 1.500000e+00, 0x7C00, 0xFC00, 0x7E00, 3.000000e+00, -3.000000e+00, 3.000000e+00, 1.500000e+00, 3.000000e+00, 4.000000e+00, 3.750000e-01, 4.687500e-02, -6.000000e+00, 7.500000e-01, 1.000000e+00, 1.000000e+00, 1.000000e+00, 0x7C00, 0x7C00, 0.000000e+00]> : tensor<30xf16>}} : (tensor<30xf16>) -> ()
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<30xf16>) -> tensor<30xi16>
  %c4 = shlo.constant {value = dense<15> : tensor<30xi16>} : () -> tensor<30xi16>
  %v5 = "shlo.shift_right_logical"(%v3, %c4) : (tensor<30xi16>, tensor<30xi16>) -> tensor<30xi16>
  %v6 = "shlo.compare"(%v2, %v2) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<30xf16>, tensor<30xf16>) -> tensor<30xi1>
  %c7 = shlo.constant {value = dense<0> : tensor<30xi16>} : () -> tensor<30xi16>
  %v8 = "shlo.select"(%v6, %v5, %c7) : (tensor<30xi1>, tensor<30xi16>, tensor<30xi16>) -> tensor<30xi16>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]> : tensor<30xi16>}} : (tensor<30xi16>) -> ()
  func.return
}
