// clamp: oracle jax.lax.clamp; NaN propagates, -0 kept
func.func @main() {
  %c1 = shlo.constant {value = dense<-1.000000e+00> : tensor<16xf64>} : () -> tensor<16xf64>
  %c2 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 1.7976931348623157E+308, -1.7976931348623157E+308, 1.500000e+00, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 3.000000e+00, -3.000000e+00]> : tensor<16xf64>} : () -> tensor<16xf64>
  %c3 = shlo.constant {value = dense<2.000000e+00> : tensor<16xf64>} : () -> tensor<16xf64>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<16xf64>, tensor<16xf64>, tensor<16xf64>) -> tensor<16xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.000000e+00, -1.000000e+00, 2.000000e+00, -1.000000e+00, 1.500000e+00, 2.000000e+00, -1.000000e+00, 0x7FF8000000000000, 2.000000e+00, -1.000000e+00]> : tensor<16xf64>}} : (tensor<16xf64>) -> ()
  %v5 = "shlo.bitcast_convert"(%v4) : (tensor<16xf64>) -> tensor<16xi64>
  %c6 = shlo.constant {value = dense<63> : tensor<16xi64>} : () -> tensor<16xi64>
  %v7 = "shlo.shift_right_logical"(%v5, %c6) : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi64>
  %v8 = "shlo.compare"(%v4, %v4) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<16xf64>, tensor<16xf64>) -> tensor<16xi1>
  %c9 = shlo.constant {value = dense<0> : tensor<16xi64>} : () -> tensor<16xi64>
  %v10 = "shlo.select"(%v8, %v7, %c9) : (tensor<16xi1>, tensor<16xi64>, tensor<16xi64>) -> tensor<16xi64>
  "shlo.custom_call"(%v10) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1]> : tensor<16xi64>}} : (tensor<16xi64>) -> ()
  func.return
}
