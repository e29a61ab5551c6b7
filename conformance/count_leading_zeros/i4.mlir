// count_leading_zeros: oracle jax.lax (clz)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [7, 6, -8, -7], [-1, -2, -3, 5], [4, 3, 7, 0]]> : tensor<4x4xi4>} : () -> tensor<4x4xi4>
  %v2 = "shlo.count_leading_zeros"(%c1) : (tensor<4x4xi4>) -> tensor<4x4xi4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[4, 3, 2, 2], [1, 1, 0, 0], [0, 0, 0, 1], [1, 2, 1, 4]]> : tensor<4x4xi4>}} : (tensor<4x4xi4>) -> ()
  func.return
}
