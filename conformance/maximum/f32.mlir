// maximum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.02163863, 3.46536779, -5.59405708], [3.91022325, -1.41999257, -0.869552791]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[2.46586442, 1.69264913, 2.80035639], [1.81846011, 1.02563155, -3.28879666]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.maximum"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3.02163863, 3.46536779, 2.80035639], [3.91022325, 1.02563155, -0.869552791]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
