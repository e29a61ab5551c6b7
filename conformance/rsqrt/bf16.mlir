// rsqrt: oracle jax.lax (rsqrt)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.789060e+00, 3.312500e+00, 1.929690e+00], [9.179680e-01, 3.875000e+00, 3.718750e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v2 = "shlo.rsqrt"(%c1) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[7.460930e-01, 5.507810e-01, 7.187500e-01], [1.046880e+00, 5.078130e-01, 5.195310e-01]]> : tensor<2x3xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<2x3xbf16>) -> ()
  func.return
}
