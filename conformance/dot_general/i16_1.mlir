// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[4, -7, -4, 9], [6, -4, -4, 0], [4, 3, -2, 4]], [[-5, -8, -1, -5], [4, 6, 3, 5], [8, 2, -2, 5]]]> : tensor<2x3x4xi16>} : () -> tensor<2x3x4xi16>
  %c2 = shlo.constant {value = dense<[[[-8, 5], [-9, 1], [0, 8], [-8, 4]], [[-7, -8], [2, 4], [-2, -2], [-6, 8]]]> : tensor<2x4x2xi16>} : () -> tensor<2x4x2xi16>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xi16>, tensor<2x4x2xi16>) -> tensor<2x3x2xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[-41, 17], [-12, -6], [-91, 23]], [[51, -30], [-52, 26], [-78, -12]]]> : tensor<2x3x2xi16>}} : (tensor<2x3x2xi16>) -> ()
  func.return
}
