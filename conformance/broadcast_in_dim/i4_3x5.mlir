// broadcast_in_dim: oracle jax.lax.broadcast_in_dim
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-5], [-6], [-2]]> : tensor<3x1xi4>} : () -> tensor<3x1xi4>
  %v2 = "shlo.broadcast_in_dim"(%c1) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x1xi4>) -> tensor<3x5xi4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-5, -5, -5, -5, -5], [-6, -6, -6, -6, -6], [-2, -2, -2, -2, -2]]> : tensor<3x5xi4>}} : (tensor<3x5xi4>) -> ()
  func.return
}
