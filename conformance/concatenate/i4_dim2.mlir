// concatenate: oracle jax.lax.concatenate
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-3], [-2], [-1]], [[-3], [-3], [-1]]]> : tensor<2x3x1xi4>} : () -> tensor<2x3x1xi4>
  %c2 = shlo.constant {value = dense<[[[7, 2], [7, -7], [-7, 3]], [[4, -2], [6, -4], [-5, -4]]]> : tensor<2x3x2xi4>} : () -> tensor<2x3x2xi4>
  %c3 = shlo.constant {value = dense<[[[-7, 4, 6], [3, -1, -5], [-6, -7, 1]], [[3, -6, -5], [-4, 5, -1], [1, 4, -7]]]> : tensor<2x3x3xi4>} : () -> tensor<2x3x3xi4>
  %v4 = "shlo.concatenate"(%c1, %c2, %c3) {dimension = 2 : i64} : (tensor<2x3x1xi4>, tensor<2x3x2xi4>, tensor<2x3x3xi4>) -> tensor<2x3x6xi4>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[-3, 7, 2, -7, 4, 6], [-2, 7, -7, 3, -1, -5], [-1, -7, 3, -6, -7, 1]], [[-3, 4, -2, 3, -6, -5], [-3, 6, -4, -4, 5, -1], [-1, -5, -4, 1, 4, -7]]]> : tensor<2x3x6xi4>}} : (tensor<2x3x6xi4>) -> ()
  func.return
}
