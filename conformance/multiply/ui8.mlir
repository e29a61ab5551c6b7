// multiply: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[86, 100, 161], [91, 223, 251]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %c2 = shlo.constant {value = dense<[[11, 125, 123], [209, 238, 109]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %v3 = "shlo.multiply"(%c1, %c2) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[178, 212, 91], [75, 82, 223]]> : tensor<2x3xui8>}} : (tensor<2x3xui8>) -> ()
  func.return
}
