// exponential_minus_one: oracle jax.lax (expm1)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3.767090e-01, -9.887690e-02, -5.283200e-01], [7.783200e-01, 6.103520e-02, -1.610110e-01]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v2 = "shlo.exponential_minus_one"(%c1) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3.137210e-01, -9.417720e-02, -4.106450e-01], [1.177730e+00, 6.292720e-02, -1.486820e-01]]> : tensor<2x3xf16>, rtol = 2.000e-03 : f64, atol = 1.000e-04 : f64}} : (tensor<2x3xf16>) -> ()
  func.return
}
