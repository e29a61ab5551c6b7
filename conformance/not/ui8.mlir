// not: oracle jax.lax (bitwise_not)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [255, 254, 0, 1], [4, 5, 6, 7], [165, 142, 215, 111]]> : tensor<4x4xui8>} : () -> tensor<4x4xui8>
  %v2 = "shlo.not"(%c1) : (tensor<4x4xui8>) -> tensor<4x4xui8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[255, 254, 253, 252], [0, 1, 255, 254], [251, 250, 249, 248], [90, 113, 40, 144]]> : tensor<4x4xui8>}} : (tensor<4x4xui8>) -> ()
  func.return
}
