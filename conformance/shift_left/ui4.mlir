// shift_left: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[6, 0, 8], [4, 3, 4]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 0, 1]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %v3 = "shlo.shift_left"(%c1, %c2) : (tensor<2x3xui4>, tensor<2x3xui4>) -> tensor<2x3xui4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[6, 0, 0], [0, 3, 8]]> : tensor<2x3xui4>}} : (tensor<2x3xui4>) -> ()
  func.return
}
