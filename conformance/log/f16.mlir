// log: oracle jax.lax (log)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.913090e+00, 4.658200e-01, 2.593750e+00], [1.308590e+00, 2.148440e+00, 1.081050e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v2 = "shlo.log"(%c1) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[6.489260e-01, -7.641600e-01, 9.531250e-01], [2.690430e-01, 7.646480e-01, 7.794190e-02]]> : tensor<2x3xf16>, rtol = 2.000e-03 : f64, atol = 1.000e-04 : f64}} : (tensor<2x3xf16>) -> ()
  func.return
}
