// remainder: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[26966, 43356, 14739], [59004, 50691, 41203]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %c2 = shlo.constant {value = dense<[[8, 1, 9], [1, 5, 4]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %v3 = "shlo.remainder"(%c1, %c2) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[6, 0, 6], [0, 1, 3]]> : tensor<2x3xui16>}} : (tensor<2x3xui16>) -> ()
  func.return
}
