// minimum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-2.023440e+00, 1.836910e+00, 1.330080e+00], [1.446290e+00, -3.103520e+00, 1.342770e-01]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %c2 = shlo.constant {value = dense<[[-1.791020e+00, -4.054690e+00, -8.296880e+00], [1.173830e+00, -4.371090e+00, 1.425780e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v3 = "shlo.minimum"(%c1, %c2) : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2.023440e+00, -4.054690e+00, -8.296880e+00], [1.173830e+00, -4.371090e+00, 1.342770e-01]]> : tensor<2x3xf16>}} : (tensor<2x3xf16>) -> ()
  func.return
}
