// shift_right_arithmetic: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[9, 12, 11], [2, 1, 13]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 0, 1]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %v3 = "shlo.shift_right_arithmetic"(%c1, %c2) : (tensor<2x3xui4>, tensor<2x3xui4>) -> tensor<2x3xui4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[9, 14, 14], [0, 1, 14]]> : tensor<2x3xui4>}} : (tensor<2x3xui4>) -> ()
  func.return
}
