// negate: oracle jax.lax (neg)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [255, 254, 0, 1], [4, 5, 6, 7], [108, 169, 10, 221]]> : tensor<4x4xui8>} : () -> tensor<4x4xui8>
  %v2 = "shlo.negate"(%c1) : (tensor<4x4xui8>) -> tensor<4x4xui8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 255, 254, 253], [1, 2, 0, 255], [252, 251, 250, 249], [148, 87, 246, 35]]> : tensor<4x4xui8>}} : (tensor<4x4xui8>) -> ()
  func.return
}
