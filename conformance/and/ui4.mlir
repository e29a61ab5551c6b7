// and: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2, 5, 12], [11, 6, 8]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %c2 = shlo.constant {value = dense<[[4, 6, 10], [2, 15, 4]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %v3 = "shlo.and"(%c1, %c2) : (tensor<2x3xui4>, tensor<2x3xui4>) -> tensor<2x3xui4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 4, 8], [2, 6, 0]]> : tensor<2x3xui4>}} : (tensor<2x3xui4>) -> ()
  func.return
}
