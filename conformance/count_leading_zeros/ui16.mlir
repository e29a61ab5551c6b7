// count_leading_zeros: oracle jax.lax (clz)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [65535, 65534, 0, 1], [4, 5, 6, 7], [18225, 13142, 31665, 62143]]> : tensor<4x4xui16>} : () -> tensor<4x4xui16>
  %v2 = "shlo.count_leading_zeros"(%c1) : (tensor<4x4xui16>) -> tensor<4x4xui16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[16, 15, 14, 14], [0, 0, 16, 15], [13, 13, 13, 13], [1, 2, 1, 0]]> : tensor<4x4xui16>}} : (tensor<4x4xui16>) -> ()
  func.return
}
