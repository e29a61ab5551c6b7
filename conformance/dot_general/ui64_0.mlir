// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[5, 6, 4, 8], [5, 4, 9, 1], [3, 2, 8, 8]]> : tensor<3x4xui64>} : () -> tensor<3x4xui64>
  %c2 = shlo.constant {value = dense<[[1, 8, 1, 5, 5], [9, 7, 8, 2, 5], [2, 6, 7, 7, 1], [9, 0, 2, 7, 1]]> : tensor<4x5xui64>} : () -> tensor<4x5xui64>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x4xui64>, tensor<4x5xui64>) -> tensor<3x5xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[139, 106, 97, 121, 67], [68, 122, 102, 103, 55], [109, 86, 91, 131, 41]]> : tensor<3x5xui64>}} : (tensor<3x5xui64>) -> ()
  func.return
}
