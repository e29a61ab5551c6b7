// tan: oracle jax.lax (tan)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.764099419, -0.774133622, -0.805591106], [0.888559222, -0.0685779303, -0.371515423]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.tan"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.958284676, -0.977720916, -1.04122388], [1.23096907, -0.0686856359, -0.389607579]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
