// divide: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[252, 249, 168], [5, 122, 235]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %c2 = shlo.constant {value = dense<[[2, 1, 8], [5, 1, 1]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %v3 = "shlo.divide"(%c1, %c2) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[126, 249, 21], [1, 122, 235]]> : tensor<2x3xui8>}} : (tensor<2x3xui8>) -> ()
  func.return
}
