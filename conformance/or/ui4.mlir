// or: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[8, 14, 13], [8, 2, 15]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %c2 = shlo.constant {value = dense<[[13, 9, 5], [10, 13, 4]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %v3 = "shlo.or"(%c1, %c2) : (tensor<2x3xui4>, tensor<2x3xui4>) -> tensor<2x3xui4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[13, 15, 13], [10, 15, 15]]> : tensor<2x3xui4>}} : (tensor<2x3xui4>) -> ()
  func.return
}
