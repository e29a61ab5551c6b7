// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-2, 3, 6, -9], [-9, 6, 5, -2], [9, 5, 9, 4]], [[-8, 4, 2, 8], [6, 7, -5, -1], [5, 9, 0, -3]]]> : tensor<2x3x4xi64>} : () -> tensor<2x3x4xi64>
  %c2 = shlo.constant {value = dense<[[[-7, -7], [-3, 7], [5, 8]], [[-6, -3], [-3, 5], [4, -2]], [[1, -8], [-5, 3], [-6, 6]], [[5, -7], [-8, -4], [5, -6]]]> : tensor<4x3x2xi64>} : () -> tensor<4x3x2xi64>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 0]>} : (tensor<2x3x4xi64>, tensor<4x3x2xi64>) -> tensor<2x2xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-12, 102], [114, 78]]> : tensor<2x2xi64>}} : (tensor<2x2xi64>) -> ()
  func.return
}
