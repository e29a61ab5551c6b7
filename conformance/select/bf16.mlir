// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false, false, true], [true, false, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[9.062500e-01, 3.046880e+00, -2.906250e+00], [6.250000e+00, 7.968750e-01, 5.117190e-01]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %c3 = shlo.constant {value = dense<[[2.812500e+00, -4.593750e+00, -1.890630e+00], [3.857420e-02, 4.312500e+00, 4.125000e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v4 = "shlo.select"(%c1, %c2, %c3) : (tensor<2x3xi1>, tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.812500e+00, -4.593750e+00, -2.906250e+00], [6.250000e+00, 4.312500e+00, 5.117190e-01]]> : tensor<2x3xbf16>}} : (tensor<2x3xbf16>) -> ()
  func.return
}
