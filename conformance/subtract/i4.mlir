// subtract: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3, 1, -7], [3, -1, -4]]> : tensor<2x3xi4>} : () -> tensor<2x3xi4>
  %c2 = shlo.constant {value = dense<[[7, -8, -6], [-3, 6, 7]]> : tensor<2x3xi4>} : () -> tensor<2x3xi4>
  %v3 = "shlo.subtract"(%c1, %c2) : (tensor<2x3xi4>, tensor<2x3xi4>) -> tensor<2x3xi4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[6, -7, -1], [6, -7, 5]]> : tensor<2x3xi4>}} : (tensor<2x3xi4>) -> ()
  func.return
}
