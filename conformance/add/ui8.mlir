// add: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[106, 2, 181], [207, 95, 123]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %c2 = shlo.constant {value = dense<[[252, 113, 189], [236, 11, 73]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %v3 = "shlo.add"(%c1, %c2) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[102, 115, 114], [187, 106, 196]]> : tensor<2x3xui8>}} : (tensor<2x3xui8>) -> ()
  func.return
}
