// logistic: oracle jax.lax (logistic)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.214840e+00, 1.322270e+00, 2.001950e+00], [6.660150e-01, -1.710940e+00, -2.107420e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v2 = "shlo.logistic"(%c1) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[7.709960e-01, 7.895500e-01, 8.813470e-01], [6.606450e-01, 1.530760e-01, 1.083980e-01]]> : tensor<2x3xf16>, rtol = 2.000e-03 : f64, atol = 1.000e-04 : f64}} : (tensor<2x3xf16>) -> ()
  func.return
}
