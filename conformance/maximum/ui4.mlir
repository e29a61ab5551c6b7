// maximum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[12, 10, 7], [9, 1, 5]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %c2 = shlo.constant {value = dense<[[3, 7, 14], [12, 12, 7]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %v3 = "shlo.maximum"(%c1, %c2) : (tensor<2x3xui4>, tensor<2x3xui4>) -> tensor<2x3xui4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[12, 10, 14], [12, 12, 7]]> : tensor<2x3xui4>}} : (tensor<2x3xui4>) -> ()
  func.return
}
