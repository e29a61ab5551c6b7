// xor: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[245, 133, 72], [64, 60, 108]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %c2 = shlo.constant {value = dense<[[235, 6, 201], [159, 148, 53]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %v3 = "shlo.xor"(%c1, %c2) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[30, 131, 129], [223, 168, 89]]> : tensor<2x3xui8>}} : (tensor<2x3xui8>) -> ()
  func.return
}
