// log_plus_one: oracle jax.lax (log1p)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.964840e-01, 1.609380e+00, 3.937500e+00], [1.640630e+00, 4.609380e-01, 1.851560e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v2 = "shlo.log_plus_one"(%c1) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3.339840e-01, 9.609370e-01, 1.593750e+00], [9.726560e-01, 3.789060e-01, 1.046880e+00]]> : tensor<2x3xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<2x3xbf16>) -> ()
  func.return
}
