// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[0, 4, -2, -5], [-7, 5, -6, 4], [-4, -3, 4, 0]], [[3, 0, 6, -5], [-8, 7, 2, -7], [0, 1, 1, -6]]]> : tensor<2x3x4xi4>} : () -> tensor<2x3x4xi4>
  %c2 = shlo.constant {value = dense<[[[-3, 6], [-8, -5], [-2, -7]], [[-5, -4], [7, -1], [-6, 2]], [[3, 4], [2, -4], [4, -7]], [[5, 7], [-5, -4], [-3, -3]]]> : tensor<4x3x2xi4>} : () -> tensor<4x3x2xi4>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 0]>} : (tensor<2x3x4xi4>, tensor<4x3x2xi4>) -> tensor<2x2xi4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2, 5], [-8, -7]]> : tensor<2x2xi4>}} : (tensor<2x2xi4>) -> ()
  func.return
}
