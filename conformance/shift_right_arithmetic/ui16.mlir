// shift_right_arithmetic: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[33138, 59081, 50503], [17101, 56440, 7941]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %v3 = "shlo.shift_right_arithmetic"(%c1, %c2) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[33138, 62308, 61777], [2137, 64967, 248]]> : tensor<2x3xui16>}} : (tensor<2x3xui16>) -> ()
  func.return
}
