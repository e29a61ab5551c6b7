// divide: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[59034, 53977, 24972], [64502, 11391, 31666]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %c2 = shlo.constant {value = dense<[[1, 1, 5], [5, 9, 8]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %v3 = "shlo.divide"(%c1, %c2) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[59034, 53977, 4994], [12900, 1265, 3958]]> : tensor<2x3xui16>}} : (tensor<2x3xui16>) -> ()
  func.return
}
