// add: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[52689, 3854, 3640], [34086, 50519, 53505]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %c2 = shlo.constant {value = dense<[[24866, 10614, 7796], [45551, 2665, 37848]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %v3 = "shlo.add"(%c1, %c2) : (tensor<2x3xui16>, tensor<2x3xui16>) -> tensor<2x3xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[12019, 14468, 11436], [14101, 53184, 25817]]> : tensor<2x3xui16>}} : (tensor<2x3xui16>) -> ()
  func.return
}
