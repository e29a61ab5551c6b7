// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[5, 7, 0, -4], [4, 0, 1, 7], [4, -5, 2, 3]], [[-8, 0, 1, -6], [-6, 3, -1, 1], [-1, 7, 1, -8]]]> : tensor<2x3x4xi4>} : () -> tensor<2x3x4xi4>
  %c2 = shlo.constant {value = dense<[[[-1, -4], [-7, 1], [-1, 5], [1, -7]], [[7, -8], [7, 2], [-6, -4], [5, -4]]]> : tensor<2x4x2xi4>} : () -> tensor<2x4x2xi4>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xi4>, tensor<2x4x2xi4>) -> tensor<2x3x2xi4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[6, -1], [2, 4], [0, 0]], [[4, 4], [6, 6], [-4, 2]]]> : tensor<2x3x2xi4>}} : (tensor<2x3x2xi4>) -> ()
  func.return
}
