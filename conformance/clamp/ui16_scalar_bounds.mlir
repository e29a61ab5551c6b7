// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<17398> : tensor<ui16>} : () -> tensor<ui16>
  %c2 = shlo.constant {value = dense<[22493, 59823, 27048, 63415, 20707, 57944]> : tensor<6xui16>} : () -> tensor<6xui16>
  %c3 = shlo.constant {value = dense<63072> : tensor<ui16>} : () -> tensor<ui16>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<ui16>, tensor<6xui16>, tensor<ui16>) -> tensor<6xui16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[22493, 59823, 27048, 63072, 20707, 57944]> : tensor<6xui16>}} : (tensor<6xui16>) -> ()
  func.return
}
