// transpose: oracle jax.lax.transpose
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[3, -6, -1, -7], [-6, 3, -3, 1], [-4, -4, -1, 2]], [[-1, -8, -5, -4], [-2, 7, 7, -3], [-5, 7, -7, 2]]]> : tensor<2x3x4xi4>} : () -> tensor<2x3x4xi4>
  %v2 = "shlo.transpose"(%c1) {permutation = array<i64: 2, 0, 1>} : (tensor<2x3x4xi4>) -> tensor<4x2x3xi4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[3, -6, -4], [-1, -2, -5]], [[-6, 3, -4], [-8, 7, 7]], [[-1, -3, -1], [-5, 7, -7]], [[-7, 1, 2], [-4, -3, 2]]]> : tensor<4x2x3xi4>}} : (tensor<4x2x3xi4>) -> ()
  func.return
}
