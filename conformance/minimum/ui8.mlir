// minimum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[78, 178, 115], [240, 218, 248]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %c2 = shlo.constant {value = dense<[[89, 205, 153], [173, 216, 176]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %v3 = "shlo.minimum"(%c1, %c2) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[78, 178, 115], [173, 216, 176]]> : tensor<2x3xui8>}} : (tensor<2x3xui8>) -> ()
  func.return
}
