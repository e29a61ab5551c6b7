// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<-150478868> : tensor<i32>} : () -> tensor<i32>
  %c2 = shlo.constant {value = dense<[350839850, -209233882, 1540073226, 498620481, 1163620034, 1741809909]> : tensor<6xi32>} : () -> tensor<6xi32>
  %c3 = shlo.constant {value = dense<1483672542> : tensor<i32>} : () -> tensor<i32>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<i32>, tensor<6xi32>, tensor<i32>) -> tensor<6xi32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[350839850, -150478868, 1483672542, 498620481, 1163620034, 1483672542]> : tensor<6xi32>}} : (tensor<6xi32>) -> ()
  func.return
}
