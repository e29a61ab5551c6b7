// pad: oracle jax.lax.pad (negative padding crops)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1750518659754588491, -2093037401564575888, -1518932869327838091], [2271077459758424279, -5248329504436628243, 8227629558034812862]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %c2 = shlo.constant {value = dense<301205483875295049> : tensor<i64>} : () -> tensor<i64>
  %v3 = "shlo.pad"(%c1, %c2) {edge_padding_low = array<i64: 0, 0>, edge_padding_high = array<i64: 0, 0>, interior_padding = array<i64: 0, 0>} : (tensor<2x3xi64>, tensor<i64>) -> tensor<2x3xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1750518659754588491, -2093037401564575888, -1518932869327838091], [2271077459758424279, -5248329504436628243, 8227629558034812862]]> : tensor<2x3xi64>}} : (tensor<2x3xi64>) -> ()
  func.return
}
