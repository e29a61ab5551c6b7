// minimum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-5, 7, 7], [-8, 4, -1]]> : tensor<2x3xi4>} : () -> tensor<2x3xi4>
  %c2 = shlo.constant {value = dense<[[2, -6, -7], [6, 1, 3]]> : tensor<2x3xi4>} : () -> tensor<2x3xi4>
  %v3 = "shlo.minimum"(%c1, %c2) : (tensor<2x3xi4>, tensor<2x3xi4>) -> tensor<2x3xi4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-5, -6, -7], [-8, 1, -1]]> : tensor<2x3xi4>}} : (tensor<2x3xi4>) -> ()
  func.return
}
