// and: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1, 105, 57], [208, 196, 170]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %c2 = shlo.constant {value = dense<[[188, 34, 19], [99, 207, 20]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %v3 = "shlo.and"(%c1, %c2) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 32, 17], [64, 196, 0]]> : tensor<2x3xui8>}} : (tensor<2x3xui8>) -> ()
  func.return
}
