// maximum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[161, 71, 26], [57, 192, 108]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %c2 = shlo.constant {value = dense<[[208, 68, 157], [162, 128, 53]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %v3 = "shlo.maximum"(%c1, %c2) : (tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[208, 71, 157], [162, 192, 108]]> : tensor<2x3xui8>}} : (tensor<2x3xui8>) -> ()
  func.return
}
