// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 4, -4, -2], [0, -2, -3, 4], [-5, -7, 5, 4]]> : tensor<3x4xi32>} : () -> tensor<3x4xi32>
  %c2 = shlo.constant {value = dense<[[1, -2, -1, 9, -4], [5, -5, -6, 1, -8], [-3, -4, 4, 1, 4], [-9, 0, -4, 0, 7]]> : tensor<4x5xi32>} : () -> tensor<4x5xi32>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x4xi32>, tensor<4x5xi32>) -> tensor<3x5xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[50, -4, -32, 0, -62], [-37, 22, -16, -5, 32], [-91, 25, 51, -47, 124]]> : tensor<3x5xi32>}} : (tensor<3x5xi32>) -> ()
  func.return
}
