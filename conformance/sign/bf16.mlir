// sign: oracle jax.lax (sign)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-5.546880e-01, -1.982420e-01, 1.742190e+00], [2.828130e+00, 5.343750e+00, 3.453130e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v2 = "shlo.sign"(%c1) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.000000e+00, -1.000000e+00, 1.000000e+00], [1.000000e+00, 1.000000e+00, 1.000000e+00]]> : tensor<2x3xbf16>}} : (tensor<2x3xbf16>) -> ()
  func.return
}
