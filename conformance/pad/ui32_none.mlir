// pad: oracle jax.lax.pad (negative padding crops)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[226249839, 4250066915, 1369677221], [1357986673, 2582827096, 2753954303]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %c2 = shlo.constant {value = dense<1467854498> : tensor<ui32>} : () -> tensor<ui32>
  %v3 = "shlo.pad"(%c1, %c2) {edge_padding_low = array<i64: 0, 0>, edge_padding_high = array<i64: 0, 0>, interior_padding = array<i64: 0, 0>} : (tensor<2x3xui32>, tensor<ui32>) -> tensor<2x3xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[226249839, 4250066915, 1369677221], [1357986673, 2582827096, 2753954303]]> : tensor<2x3xui32>}} : (tensor<2x3xui32>) -> ()
  func.return
}
