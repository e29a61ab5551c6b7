// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-8, -4, -7, 0], [5, 1, 6, 4], [0, -6, 8, 9]], [[6, 2, 3, 4], [3, 8, 7, 6], [5, 6, -4, 9]]]> : tensor<2x3x4xi16>} : () -> tensor<2x3x4xi16>
  %c2 = shlo.constant {value = dense<[[[-7, -6], [-5, -9], [2, 5]], [[-1, -2], [5, -6], [6, -8]], [[-8, 1], [2, 1], [7, -6]], [[-9, -3], [2, -3], [5, 1]]]> : tensor<4x3x2xi16>} : () -> tensor<4x3x2xi16>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 0]>} : (tensor<2x3x4xi16>, tensor<4x3x2xi16>) -> tensor<2x2xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[181, 1], [10, -125]]> : tensor<2x2xi16>}} : (tensor<2x2xi16>) -> ()
  func.return
}
