// multiply: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[13, 2, 4], [1, 14, 8]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %c2 = shlo.constant {value = dense<[[12, 2, 8], [5, 12, 8]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %v3 = "shlo.multiply"(%c1, %c2) : (tensor<2x3xui4>, tensor<2x3xui4>) -> tensor<2x3xui4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[12, 4, 0], [5, 8, 0]]> : tensor<2x3xui4>}} : (tensor<2x3xui4>) -> ()
  func.return
}
