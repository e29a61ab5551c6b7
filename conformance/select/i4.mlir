// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false, true, true], [false, true, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[1, -6, 1], [1, 6, -8]]> : tensor<2x3xi4>} : () -> tensor<2x3xi4>
  %c3 = shlo.constant {value = dense<[[-4, 7, -4], [-7, 4, 4]]> : tensor<2x3xi4>} : () -> tensor<2x3xi4>
  %v4 = "shlo.select"(%c1, %c2, %c3) : (tensor<2x3xi1>, tensor<2x3xi4>, tensor<2x3xi4>) -> tensor<2x3xi4>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-4, -6, 1], [-7, 6, -8]]> : tensor<2x3xi4>}} : (tensor<2x3xi4>) -> ()
  func.return
}
