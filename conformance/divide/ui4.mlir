// divide: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[15, 1, 2], [14, 14, 2]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %c2 = shlo.constant {value = dense<[[6, 9, 1], [1, 2, 7]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %v3 = "shlo.divide"(%c1, %c2) : (tensor<2x3xui4>, tensor<2x3xui4>) -> tensor<2x3xui4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2, 0, 2], [14, 7, 0]]> : tensor<2x3xui4>}} : (tensor<2x3xui4>) -> ()
  func.return
}
