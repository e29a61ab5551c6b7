// remainder: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3567394807, 873306260, 1886499950], [1105560499, 595667206, 3564251281]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %c2 = shlo.constant {value = dense<[[6, 9, 2], [1, 5, 8]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %v3 = "shlo.remainder"(%c1, %c2) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1, 8, 0], [0, 1, 1]]> : tensor<2x3xui32>}} : (tensor<2x3xui32>) -> ()
  func.return
}
