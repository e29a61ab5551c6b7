// divide: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-8628, -3376, 8207], [-29743, 9660, 7371]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %c2 = shlo.constant {value = dense<[[6, -3, 3], [-4, 5, -4]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %v3 = "shlo.divide"(%c1, %c2) : (tensor<2x3xi16>, tensor<2x3xi16>) -> tensor<2x3xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1438, 1125, 2735], [7435, 1932, -1842]]> : tensor<2x3xi16>}} : (tensor<2x3xi16>) -> ()
  func.return
}
