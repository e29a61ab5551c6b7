// remainder: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 6, 3], [7, 11, 14]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %c2 = shlo.constant {value = dense<[[6, 1, 4], [3, 3, 9]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %v3 = "shlo.remainder"(%c1, %c2) : (tensor<2x3xui4>, tensor<2x3xui4>) -> tensor<2x3xui4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 0, 3], [1, 2, 5]]> : tensor<2x3xui4>}} : (tensor<2x3xui4>) -> ()
  func.return
}
