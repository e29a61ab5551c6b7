// erf: oracle jax.lax (erf)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.519530e+00, 4.562500e+00, -1.554690e+00], [1.859380e+00, -6.179690e+00, -1.059570e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v2 = "shlo.erf"(%c1) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[9.995110e-01, 1.000000e+00, -9.721670e-01], [9.912100e-01, -1.000000e+00, -8.662100e-01]]> : tensor<2x3xf16>, rtol = 2.000e-03 : f64, atol = 1.000e-04 : f64}} : (tensor<2x3xf16>) -> ()
  func.return
}
