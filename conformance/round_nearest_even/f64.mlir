// round_nearest_even: oracle jax.lax (<lambda>)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[5.4803625771638238, -0.17958391251128314, -3.6330187853854641], [-3.8269023268635358, 2.1643472819491203, 0.52416822862062107]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.round_nearest_even"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[5.000000e+00, -0.000000e+00, -4.000000e+00], [-4.000000e+00, 2.000000e+00, 1.000000e+00]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<2x3xf64>) -> tensor<2x3xi64>
  %c4 = shlo.constant {value = dense<63> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v5 = "shlo.shift_right_logical"(%v3, %c4) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  %v6 = "shlo.compare"(%v2, %v2) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xi1>
  %c7 = shlo.constant {value = dense<0> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v8 = "shlo.select"(%v6, %v5, %c7) : (tensor<2x3xi1>, tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 1, 1], [1, 0, 0]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
