// negate: oracle jax.lax (neg)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [15, 14, 0, 1], [4, 5, 6, 7], [14, 10, 3, 4]]> : tensor<4x4xui4>} : () -> tensor<4x4xui4>
  %v2 = "shlo.negate"(%c1) : (tensor<4x4xui4>) -> tensor<4x4xui4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 15, 14, 13], [1, 2, 0, 15], [12, 11, 10, 9], [2, 6, 13, 12]]> : tensor<4x4xui4>}} : (tensor<4x4xui4>) -> ()
  func.return
}
