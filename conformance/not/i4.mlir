// not: oracle jax.lax (bitwise_not)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [7, 6, -8, -7], [-1, -2, -3, 5], [4, 6, -3, -8]]> : tensor<4x4xi4>} : () -> tensor<4x4xi4>
  %v2 = "shlo.not"(%c1) : (tensor<4x4xi4>) -> tensor<4x4xi4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1, -2, -3, -4], [-8, -7, 7, 6], [0, 1, 2, -6], [-5, -7, 2, 7]]> : tensor<4x4xi4>}} : (tensor<4x4xi4>) -> ()
  func.return
}
