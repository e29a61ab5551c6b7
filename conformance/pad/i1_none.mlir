// pad: oracle jax.lax.pad (negative padding crops)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[true, true, true], [false, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %v3 = "shlo.pad"(%c1, %c2) {edge_padding_low = array<i64: 0, 0>, edge_padding_high = array<i64: 0, 0>, interior_padding = array<i64: 0, 0>} : (tensor<2x3xi1>, tensor<i1>) -> tensor<2x3xi1>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[true, true, true], [false, true, false]]> : tensor<2x3xi1>}} : (tensor<2x3xi1>) -> ()
  func.return
}
