// tanh: oracle jax.lax (tanh)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[7.906250e+00, -1.796880e-01, 1.148440e+00], [-1.421880e+00, 3.109380e+00, 9.726560e-01]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v2 = "shlo.tanh"(%c1) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.000000e+00, -1.777340e-01, 8.164060e-01], [-8.906250e-01, 9.960930e-01, 7.500000e-01]]> : tensor<2x3xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<2x3xbf16>) -> ()
  func.return
}
