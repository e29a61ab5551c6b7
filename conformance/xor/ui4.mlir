// xor: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4, 4, 5], [15, 1, 11]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %c2 = shlo.constant {value = dense<[[14, 5, 12], [11, 10, 14]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %v3 = "shlo.xor"(%c1, %c2) : (tensor<2x3xui4>, tensor<2x3xui4>) -> tensor<2x3xui4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[10, 1, 9], [4, 11, 5]]> : tensor<2x3xui4>}} : (tensor<2x3xui4>) -> ()
  func.return
}
