// tanh: oracle jax.lax (tanh)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-4.484380e+00, 8.037110e-01, -4.605470e+00], [2.609380e+00, 4.816410e+00, 2.951660e-01]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v2 = "shlo.tanh"(%c1) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-9.995110e-01, 6.660150e-01, -1.000000e+00], [9.892570e-01, 1.000000e+00, 2.868650e-01]]> : tensor<2x3xf16>, rtol = 2.000e-03 : f64, atol = 1.000e-04 : f64}} : (tensor<2x3xf16>) -> ()
  func.return
}
