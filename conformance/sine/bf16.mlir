// sine: oracle jax.lax (sin)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.484380e+00, 4.570310e-01, -3.046880e+00], [1.773440e+00, -1.265630e+00, -1.351560e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v2 = "shlo.sine"(%c1) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3.359380e-01, 4.414060e-01, -9.472650e-02], [9.804680e-01, -9.531250e-01, -9.765620e-01]]> : tensor<2x3xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<2x3xbf16>) -> ()
  func.return
}
