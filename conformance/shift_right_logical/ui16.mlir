// shift_right_logical: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[46753, 20670, 59007], [54233, 64963, 8133]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %v3 = "shlo.shift_right_logical"(%c1, %c2) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[46753, 10335, 14751], [6779, 4060, 254]]> : tensor<2x3xui16>}} : (tensor<2x3xui16>) -> ()
  func.return
}
