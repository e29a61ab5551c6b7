// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<0> : tensor<ui4>} : () -> tensor<ui4>
  %c2 = shlo.constant {value = dense<[14, 13, 8, 0, 13, 5]> : tensor<6xui4>} : () -> tensor<6xui4>
  %c3 = shlo.constant {value = dense<1> : tensor<ui4>} : () -> tensor<ui4>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<ui4>, tensor<6xui4>, tensor<ui4>) -> tensor<6xui4>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1, 1, 1, 0, 1, 1]> : tensor<6xui4>}} : (tensor<6xui4>) -> ()
  func.return
}
