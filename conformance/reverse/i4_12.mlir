// reverse: oracle jax.lax.rev
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[3, -6, -1, -7], [-6, 3, -3, 1], [-4, -4, -1, 2]], [[-1, -8, -5, -4], [-2, 7, 7, -3], [-5, 7, -7, 2]]]> : tensor<2x3x4xi4>} : () -> tensor<2x3x4xi4>
  %v2 = "shlo.reverse"(%c1) {dimensions = array<i64: 1, 2>} : (tensor<2x3x4xi4>) -> tensor<2x3x4xi4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[2, -1, -4, -4], [1, -3, 3, -6], [-7, -1, -6, 3]], [[2, -7, 7, -5], [-3, 7, 7, -2], [-4, -5, -8, -1]]]> : tensor<2x3x4xi4>}} : (tensor<2x3x4xi4>) -> ()
  func.return
}
