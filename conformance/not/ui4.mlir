// not: oracle jax.lax (bitwise_not)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [15, 14, 0, 1], [4, 5, 6, 7], [1, 11, 15, 1]]> : tensor<4x4xui4>} : () -> tensor<4x4xui4>
  %v2 = "shlo.not"(%c1) : (tensor<4x4xui4>) -> tensor<4x4xui4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[15, 14, 13, 12], [0, 1, 15, 14], [11, 10, 9, 8], [14, 4, 0, 14]]> : tensor<4x4xui4>}} : (tensor<4x4xui4>) -> ()
  func.return
}
