// divide: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1357514420, 1166589102, 4217030751], [1769059367, 528925195, 2653488266]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %c2 = shlo.constant {value = dense<[[3, 8, 8], [7, 8, 1]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %v3 = "shlo.divide"(%c1, %c2) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[452504806, 145823637, 527128843], [252722766, 66115649, 2653488266]]> : tensor<2x3xui32>}} : (tensor<2x3xui32>) -> ()
  func.return
}
