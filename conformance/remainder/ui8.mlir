// remainder: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[9, 152, 111], [34, 221, 133]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %c2 = shlo.constant {value = dense<[[4, 7, 8], [4, 3, 7]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %v3 = "shlo.remainder"(%c1, %c2) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1, 5, 7], [2, 2, 0]]> : tensor<2x3xui8>}} : (tensor<2x3xui8>) -> ()
  func.return
}
