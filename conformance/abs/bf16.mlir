// abs: oracle jax.lax (abs)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-4.718750e+00, -8.125000e-01, -1.914060e+00], [6.683350e-03, -3.187500e+00, 9.531250e-01]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v2 = "shlo.abs"(%c1) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[4.718750e+00, 8.125000e-01, 1.914060e+00], [6.683350e-03, 3.187500e+00, 9.531250e-01]]> : tensor<2x3xbf16>}} : (tensor<2x3xbf16>) -> ()
  func.return
}
