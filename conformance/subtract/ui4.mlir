// subtract: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[14, 6, 6], [2, 3, 6]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %c2 = shlo.constant {value = dense<[[5, 0, 9], [9, 7, 5]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %v3 = "shlo.subtract"(%c1, %c2) : (tensor<2x3xui4>, tensor<2x3xui4>) -> tensor<2x3xui4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[9, 6, 13], [9, 12, 1]]> : tensor<2x3xui4>}} : (tensor<2x3xui4>) -> ()
  func.return
}
