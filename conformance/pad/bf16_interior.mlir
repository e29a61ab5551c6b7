// pad: oracle jax.lax.pad (negative padding crops)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.445310e+00, -1.585940e+00, 2.140630e+00], [3.955080e-02, -1.085940e+00, -2.937500e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %c2 = shlo.constant {value = dense<8.125000e-01> : tensor<bf16>} : () -> tensor<bf16>
  %v3 = "shlo.pad"(%c1, %c2) {edge_padding_low = array<i64: 0, 1>, edge_padding_high = array<i64: 2, 1>, interior_padding = array<i64: 1, 1>} : (tensor<2x3xbf16>, tensor<bf16>) -> tensor<5x7xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[8.125000e-01, 1.445310e+00, 8.125000e-01, -1.585940e+00, 8.125000e-01, 2.140630e+00, 8.125000e-01], [8.125000e-01, 8.125000e-01, 8.125000e-01, 8.125000e-01, 8.125000e-01, 8.125000e-01, 8.125000e-01], [8.125000e-01, 3.955080e-02, 8.125000e-01, -1.085940e+00, 8.125000e-01, -2.937500e+00, 8.125000e-01], [8.125000e-01, 8.125000e-01, 8.125000e-01, 8.125000e-01, 8.125000e-01, 8.125000e-01, 8.125000e-01], [8.125000e-01, 8.125000e-01, 8.125000e-01, 8.125000e-01, 8.125000e-01, 8.125000e-01, 8.125000e-01]]> : tensor<5x7xbf16>}} : (tensor<5x7xbf16>) -> ()
  func.return
}
