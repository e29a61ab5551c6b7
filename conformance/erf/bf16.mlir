// erf: oracle jax.lax (erf)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.015630e+00, -7.343750e-01, 1.312500e+00], [-3.546880e+00, -2.484380e+00, -4.125000e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v2 = "shlo.erf"(%c1) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-8.476560e-01, -6.992180e-01, 9.375000e-01], [-1.000000e+00, -1.000000e+00, -1.000000e+00]]> : tensor<2x3xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<2x3xbf16>) -> ()
  func.return
}
