// broadcast_in_dim: oracle jax.lax.broadcast_in_dim
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-113], [127], [-10]]> : tensor<3x1xi8>} : () -> tensor<3x1xi8>
  %v2 = "shlo.broadcast_in_dim"(%c1) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<3x1xi8>) -> tensor<2x3x4xi8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[-113, -113, -113, -113], [127, 127, 127, 127], [-10, -10, -10, -10]], [[-113, -113, -113, -113], [127, 127, 127, 127], [-10, -10, -10, -10]]]> : tensor<2x3x4xi8>}} : (tensor<2x3x4xi8>) -> ()
  func.return
}
