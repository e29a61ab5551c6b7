// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-3, 1, 0, -5], [5, -6, -4, 1], [9, 0, 2, -3]], [[5, -9, -6, -5], [4, -2, 6, 8], [3, 9, 9, -2]]]> : tensor<2x3x4xi64>} : () -> tensor<2x3x4xi64>
  %c2 = shlo.constant {value = dense<[[[0, 4], [-6, 5], [4, 1], [0, 4]], [[8, -4], [-2, -8], [-3, 7], [5, 7]]]> : tensor<2x4x2xi64>} : () -> tensor<2x4x2xi64>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xi64>, tensor<2x4x2xi64>) -> tensor<2x3x2xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[-6, -27], [20, -10], [8, 26]], [[51, -25], [58, 98], [-31, -35]]]> : tensor<2x3x2xi64>}} : (tensor<2x3x2xi64>) -> ()
  func.return
}
