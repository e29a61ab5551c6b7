// divide: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-339215445, -127717943, 1941185535], [-1662587698, 39317586, 46807195]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c2 = shlo.constant {value = dense<[[7, -2, 7], [-8, 5, -8]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %v3 = "shlo.divide"(%c1, %c2) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-48459349, 63858971, 277312219], [207823462, 7863517, -5850899]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
