// power: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.76488447, 1.60507345, 3.01642799], [2.54162526, 2.11846733, 1.47350872]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[0.183080137, 0.317451566, 0.261514485], [0.671295166, 0.263358086, -0.167015955]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.power"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.20465386, 1.16207635, 1.33473289], [1.87046421, 1.21859801, 0.937308192]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
