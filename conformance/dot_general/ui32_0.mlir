// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4, 1, 6, 0], [8, 7, 6, 2], [5, 1, 3, 3]]> : tensor<3x4xui32>} : () -> tensor<3x4xui32>
  %c2 = shlo.constant {value = dense<[[8, 0, 9, 9, 6], [6, 0, 2, 3, 4], [2, 6, 9, 8, 5], [2, 7, 5, 1, 4]]> : tensor<4x5xui32>} : () -> tensor<4x5xui32>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x4xui32>, tensor<4x5xui32>) -> tensor<3x5xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[50, 36, 92, 87, 58], [122, 50, 150, 143, 114], [58, 39, 89, 75, 61]]> : tensor<3x5xui32>}} : (tensor<3x5xui32>) -> ()
  func.return
}
