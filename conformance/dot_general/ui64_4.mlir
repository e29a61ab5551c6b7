// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[9, 9, 8, 1], [7, 3, 2, 2], [1, 9, 6, 2]], [[8, 6, 9, 6], [0, 7, 4, 1], [5, 8, 3, 2]]]> : tensor<2x3x4xui64>} : () -> tensor<2x3x4xui64>
  %c2 = shlo.constant {value = dense<[[[8, 8], [7, 0], [5, 1]], [[9, 5], [8, 3], [1, 3]], [[4, 2], [7, 4], [0, 0]], [[7, 1], [2, 2], [7, 6]]]> : tensor<4x3x2xui64>} : () -> tensor<4x3x2xui64>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 0]>} : (tensor<2x3x4xui64>, tensor<4x3x2xui64>) -> tensor<2x2xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[311, 195], [329, 198]]> : tensor<2x2xui64>}} : (tensor<2x2xui64>) -> ()
  func.return
}
