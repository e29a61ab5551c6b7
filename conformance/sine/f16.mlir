// sine: oracle jax.lax (sin)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[6.656250e+00, -6.821290e-01, -2.257810e+00], [-3.716800e+00, -5.453130e+00, 3.160160e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v2 = "shlo.sine"(%c1) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3.645020e-01, -6.303710e-01, -7.729490e-01], [5.439450e-01, 7.377920e-01, -1.856990e-02]]> : tensor<2x3xf16>, rtol = 2.000e-03 : f64, atol = 1.000e-04 : f64}} : (tensor<2x3xf16>) -> ()
  func.return
}
