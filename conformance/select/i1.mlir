// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false, true, true], [true, false, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[false, true, false], [false, false, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c3 = shlo.constant {value = dense<[[true, false, false], [true, true, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %v4 = "shlo.select"(%c1, %c2, %c3) : (tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[true, true, false], [false, true, false]]> : tensor<2x3xi1>}} : (tensor<2x3xi1>) -> ()
  func.return
}
