// remainder: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4.437500e+00, -2.953130e+00, -4.968750e+00], [-3.750000e-01, -3.890630e+00, 6.406250e-01]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %c2 = shlo.constant {value = dense<[[-1.515630e+00, -1.835940e+00, -2.375000e+00], [-2.734380e-01, 3.496090e-01, -1.007810e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v3 = "shlo.remainder"(%c1, %c2) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.406250e+00, -1.117190e+00, -2.187500e-01], [-1.015630e-01, -4.492190e-02, 6.406250e-01]]> : tensor<2x3xbf16>}} : (tensor<2x3xbf16>) -> ()
  func.return
}
