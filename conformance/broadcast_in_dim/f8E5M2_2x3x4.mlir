// broadcast_in_dim: oracle jax.lax.broadcast_in_dim
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.500000e+00], [8.750000e-01], [-2.500000e+00]]> : tensor<3x1xf8E5M2>} : () -> tensor<3x1xf8E5M2>
  %v2 = "shlo.broadcast_in_dim"(%c1) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<3x1xf8E5M2>) -> tensor<2x3x4xf8E5M2>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[-1.500000e+00, -1.500000e+00, -1.500000e+00, -1.500000e+00], [8.750000e-01, 8.750000e-01, 8.750000e-01, 8.750000e-01], [-2.500000e+00, -2.500000e+00, -2.500000e+00, -2.500000e+00]], [[-1.500000e+00, -1.500000e+00, -1.500000e+00, -1.500000e+00], [8.750000e-01, 8.750000e-01, 8.750000e-01, 8.750000e-01], [-2.500000e+00, -2.500000e+00, -2.500000e+00, -2.500000e+00]]]> : tensor<2x3x4xf8E5M2>}} : (tensor<2x3x4xf8E5M2>) -> ()
  func.return
}
