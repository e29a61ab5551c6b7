// not: oracle jax.lax (bitwise_not)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [127, 126, -128, -127], [-1, -2, -3, 5], [15, -76, 107, -121]]> : tensor<4x4xi8>} : () -> tensor<4x4xi8>
  %v2 = "shlo.not"(%c1) : (tensor<4x4xi8>) -> tensor<4x4xi8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1, -2, -3, -4], [-128, -127, 127, 126], [0, 1, 2, -6], [-16, 75, -108, 120]]> : tensor<4x4xi8>}} : (tensor<4x4xi8>) -> ()
  func.return
}
