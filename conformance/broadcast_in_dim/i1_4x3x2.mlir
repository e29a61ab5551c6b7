// broadcast_in_dim: oracle jax.lax.broadcast_in_dim
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false], [true], [true]]> : tensor<3x1xi1>} : () -> tensor<3x1xi1>
  %v2 = "shlo.broadcast_in_dim"(%c1) {broadcast_dimensions = array<i64: 1, 0>} : (tensor<3x1xi1>) -> tensor<4x3x2xi1>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[false, false], [true, true], [true, true]], [[false, false], [true, true], [true, true]], [[false, false], [true, true], [true, true]], [[false, false], [true, true], [true, true]]]> : tensor<4x3x2xi1>}} : (tensor<4x3x2xi1>) -> ()
  func.return
}
