// ceil: oracle jax.lax (ceil)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.05700743, 0.3852202, 0.396775424], [-0.0705563948, 6.60709857, -3.90621471]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.ceil"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.000000e+00, 1.000000e+00, 1.000000e+00], [-0.000000e+00, 7.000000e+00, -3.000000e+00]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<2x3xf32>) -> tensor<2x3xi32>
  %c4 = shlo.constant {value = dense<31> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v5 = "shlo.shift_right_logical"(%v3, %c4) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %v6 = "shlo.compare"(%v2, %v2) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %c7 = shlo.constant {value = dense<0> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v8 = "shlo.select"(%v6, %v5, %c7) : (tensor<2x3xi1>, tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1, 0, 0], [1, 0, 1]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
