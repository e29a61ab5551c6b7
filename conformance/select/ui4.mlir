// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[true, false, true], [true, true, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[2, 1, 9], [1, 3, 14]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %c3 = shlo.constant {value = dense<[[2, 7, 12], [13, 15, 9]]> : tensor<2x3xui4>} : () -> tensor<2x3xui4>
  %v4 = "shlo.select"(%c1, %c2, %c3) : (tensor<2x3xi1>, tensor<2x3xui4>, tensor<2x3xui4>) -> tensor<2x3xui4>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2, 7, 9], [1, 3, 14]]> : tensor<2x3xui4>}} : (tensor<2x3xui4>) -> ()
  func.return
}
