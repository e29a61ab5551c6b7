// broadcast_in_dim: oracle jax.lax.broadcast_in_dim
func.func @main() {
  %c1 = shlo.constant {value = dense<[[7.312500e+00], [-5.703130e-01], [-2.843750e+00]]> : tensor<3x1xbf16>} : () -> tensor<3x1xbf16>
  %v2 = "shlo.broadcast_in_dim"(%c1) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<3x1xbf16>) -> tensor<2x3x4xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[7.312500e+00, 7.312500e+00, 7.312500e+00, 7.312500e+00], [-5.703130e-01, -5.703130e-01, -5.703130e-01, -5.703130e-01], [-2.843750e+00, -2.843750e+00, -2.843750e+00, -2.843750e+00]], [[7.312500e+00, 7.312500e+00, 7.312500e+00, 7.312500e+00], [-5.703130e-01, -5.703130e-01, -5.703130e-01, -5.703130e-01], [-2.843750e+00, -2.843750e+00, -2.843750e+00, -2.843750e+00]]]> : tensor<2x3x4xbf16>}} : (tensor<2x3x4xbf16>) -> ()
  func.return
}
