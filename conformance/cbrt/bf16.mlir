// cbrt: oracle jax.lax (cbrt)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[8.437500e-01, -2.001950e-01, 2.093750e+00], [-1.318360e-01, -2.437500e+00, 2.390630e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v2 = "shlo.cbrt"(%c1) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[9.453120e-01, -5.859380e-01, 1.281250e+00], [-5.078130e-01, -1.343750e+00, 1.335940e+00]]> : tensor<2x3xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<2x3xbf16>) -> ()
  func.return
}
