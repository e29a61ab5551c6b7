// add: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-6, 0, 1], [-7, 1, -5]]> : tensor<2x3xi4>} : () -> tensor<2x3xi4>
  %c2 = shlo.constant {value = dense<[[-6, -3, 5], [6, 2, 7]]> : tensor<2x3xi4>} : () -> tensor<2x3xi4>
  %v3 = "shlo.add"(%c1, %c2) : (tensor<2x3xi4>, tensor<2x3xi4>) -> tensor<2x3xi4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[4, -3, 6], [-1, 3, 2]]> : tensor<2x3xi4>}} : (tensor<2x3xi4>) -> ()
  func.return
}
