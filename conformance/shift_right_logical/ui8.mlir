// shift_right_logical: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[48, 212, 170], [6, 121, 238]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %v3 = "shlo.shift_right_logical"(%c1, %c2) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[48, 106, 42], [0, 7, 7]]> : tensor<2x3xui8>}} : (tensor<2x3xui8>) -> ()
  func.return
}
