// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<[3, -4, 2, -7, -4, -6]> : tensor<6xi4>} : () -> tensor<6xi4>
  %c2 = shlo.constant {value = dense<[6, 0, 3, -7, 1, 3]> : tensor<6xi4>} : () -> tensor<6xi4>
  %c3 = shlo.constant {value = dense<[5, 3, 7, 5, -2, -3]> : tensor<6xi4>} : () -> tensor<6xi4>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<6xi4>, tensor<6xi4>, tensor<6xi4>) -> tensor<6xi4>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[5, 0, 3, -7, -2, -3]> : tensor<6xi4>}} : (tensor<6xi4>) -> ()
  func.return
}
