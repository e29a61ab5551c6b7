// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[4, 7, 4, 1], [2, 2, 5, 1], [7, 3, 4, 2]], [[3, 6, 0, 0], [3, 3, 2, 0], [7, 3, 4, 6]]]> : tensor<2x3x4xui32>} : () -> tensor<2x3x4xui32>
  %c2 = shlo.constant {value = dense<[[[6, 3], [8, 6], [1, 9]], [[2, 9], [7, 4], [9, 7]], [[6, 5], [8, 2], [1, 1]], [[4, 7], [7, 7], [4, 9]]]> : tensor<4x3x2xui32>} : () -> tensor<4x3x2xui32>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 0]>} : (tensor<2x3x4xui32>, tensor<4x3x2xui32>) -> tensor<2x2xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[189, 245], [153, 239]]> : tensor<2x2xui32>}} : (tensor<2x2xui32>) -> ()
  func.return
}
