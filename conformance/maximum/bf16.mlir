// maximum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.914060e-01, 1.281250e+00, -1.648440e+00], [5.375000e+00, -2.953130e+00, -4.343750e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %c2 = shlo.constant {value = dense<[[2.078130e+00, 2.796880e+00, 1.898440e+00], [2.593750e+00, -1.632810e+00, 5.531250e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v3 = "shlo.maximum"(%c1, %c2) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.078130e+00, 2.796880e+00, 1.898440e+00], [5.375000e+00, -1.632810e+00, 5.531250e+00]]> : tensor<2x3xbf16>}} : (tensor<2x3xbf16>) -> ()
  func.return
}
