// cbrt: oracle jax.lax (cbrt)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4.22858572, -0.480288535, 6.98784065], [-1.24874532, 2.77385616, 4.438410e+00]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.cbrt"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.61708081, -0.783130347, 1.91182292], [-1.07685685, 1.40505934, 1.64339685]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
