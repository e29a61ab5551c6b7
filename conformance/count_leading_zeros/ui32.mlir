// count_leading_zeros: oracle jax.lax (clz)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [4294967295, 4294967294, 0, 1], [4, 5, 6, 7], [3183721719, 2431638735, 4178314535, 114176005]]> : tensor<4x4xui32>} : () -> tensor<4x4xui32>
  %v2 = "shlo.count_leading_zeros"(%c1) : (tensor<4x4xui32>) -> tensor<4x4xui32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[32, 31, 30, 30], [0, 0, 32, 31], [29, 29, 29, 29], [0, 0, 0, 5]]> : tensor<4x4xui32>}} : (tensor<4x4xui32>) -> ()
  func.return
}
