// is_finite: oracle jax.lax (is_finite)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.656250e-01, 5.218750e+00, -3.078130e+00], [2.484380e+00, 2.265630e-01, 1.445310e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v2 = "shlo.is_finite"(%c1) : (tensor<2x3xbf16>) -> tensor<2x3xi1>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[true, true, true], [true, true, true]]> : tensor<2x3xi1>}} : (tensor<2x3xi1>) -> ()
  func.return
}
