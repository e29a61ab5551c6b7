// subtract: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[43, 179, 75], [128, 21, 223]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %c2 = shlo.constant {value = dense<[[193, 22, 7], [79, 143, 2]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %v3 = "shlo.subtract"(%c1, %c2) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[106, 157, 68], [49, 134, 221]]> : tensor<2x3xui8>}} : (tensor<2x3xui8>) -> ()
  func.return
}
