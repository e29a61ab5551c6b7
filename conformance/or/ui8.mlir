// or: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[243, 140, 31], [130, 206, 234]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %c2 = shlo.constant {value = dense<[[164, 117, 4], [182, 77, 222]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %v3 = "shlo.or"(%c1, %c2) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[247, 253, 31], [182, 207, 254]]> : tensor<2x3xui8>}} : (tensor<2x3xui8>) -> ()
  func.return
}
