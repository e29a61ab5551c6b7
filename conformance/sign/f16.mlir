// sign: oracle jax.lax (sign)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-6.027340e+00, 1.584960e+00, 3.406250e+00], [2.394530e+00, 2.320310e+00, -4.597660e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v2 = "shlo.sign"(%c1) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.000000e+00, 1.000000e+00, 1.000000e+00], [1.000000e+00, 1.000000e+00, -1.000000e+00]]> : tensor<2x3xf16>}} : (tensor<2x3xf16>) -> ()
  func.return
}
