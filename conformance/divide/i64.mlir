// divide: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1156967875439967759, 845938694509893997, -3858208444537349652], [3617482371622376857, 9114727256448000158, -5442142811334757745]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %c2 = shlo.constant {value = dense<[[4, -8, 1], [-8, 9, -9]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %v3 = "shlo.divide"(%c1, %c2) : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-289241968859991939, -105742336813736749, -3858208444537349652], [-452185296452797107, 1012747472938666684, 604682534592750860]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
