// sqrt: oracle jax.lax (sqrt)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.23776031, 2.86957431, 0.191817477], [2.53071141, 1.9477725, 0.445188493]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.sqrt"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.7993778, 1.69398177, 0.437969714], [1.59082103, 1.39562619, 0.667224466]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
