// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<[10, 1, 11, 2, 0, 10]> : tensor<6xui4>} : () -> tensor<6xui4>
  %c2 = shlo.constant {value = dense<[14, 13, 8, 0, 13, 5]> : tensor<6xui4>} : () -> tensor<6xui4>
  %c3 = shlo.constant {value = dense<[11, 10, 14, 13, 14, 15]> : tensor<6xui4>} : () -> tensor<6xui4>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<6xui4>, tensor<6xui4>, tensor<6xui4>) -> tensor<6xui4>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[11, 10, 11, 2, 13, 10]> : tensor<6xui4>}} : (tensor<6xui4>) -> ()
  func.return
}
