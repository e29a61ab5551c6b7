// reduce_precision: oracle jax.lax.reduce_precision
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 1.7976931348623157E+308, -1.7976931348623157E+308, 1.500000e+00, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 3.000000e+00, -3.000000e+00, 0.15783969046382143, 0.50301126503591509, -0.94949847158211687, 7.0098018575318299, -0.83870482531274493, -1.6462904659303361, 3.5012117327817469, 3.2606117210386549, 1.00390625, 1.0078125, 1.01171875, 6.550400e+04, 7.000000e+04, 9.9999999999999995E-7]> : tensor<30xf64>} : () -> tensor<30xf64>
  %v2 = "shlo.reduce_precision"(%c1) {exponent_bits = 11 : i32, mantissa_bits = 52 : i32} : (tensor<30xf64>) -> tensor<30xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 1.7976931348623157E+308, -1.7976931348623157E+308, 1.500000e+00, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 3.000000e+00, -3.000000e+00, 0.15783969046382143, 0.50301126503591509, -0.94949847158211687, 7.0098018575318299, -0.83870482531274493, -1.6462904659303361, 3.5012117327817469, 3.2606117210386549, 1.00390625, 1.0078125, 1.01171875, 6.550400e+04, 7.000000e+04, 9.9999999999999995E-7]> : tensor<30xf64>}} : (tensor<30xf64>) -> ()
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<30xf64>) -> tensor<30xi64>
  %c4 = shlo.constant {value = dense<63> : tensor<30xi64>} : () -> tensor<30xi64>
  %v5 = "shlo.shift_right_logical"(%v3, %c4) : (tensor<30xi64>, tensor<30xi64>) -> tensor<30xi64>
  %v6 = "shlo.compare"(%v2, %v2) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<30xf64>, tensor<30xf64>) -> tensor<30xi1>
  %c7 = shlo.constant {value = dense<0> : tensor<30xi64>} : () -> tensor<30xi64>
  %v8 = "shlo.select"(%v6, %v5, %c7) : (tensor<30xi1>, tensor<30xi64>, tensor<30xi64>) -> tensor<30xi64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<30xi64>}} : (tensor<30xi64>) -> ()
  func.return
}
