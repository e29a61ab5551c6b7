// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3, 2, -5], [-5, 8, -2]]> : tensor<2x3xi64>} : () -> tensor<2x3xi64>
  %c2 = shlo.constant {value = dense<[7, 5, 5, -9]> : tensor<4xi64>} : () -> tensor<4xi64>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [], rhs_contracting_dimensions = []>} : (tensor<2x3xi64>, tensor<4xi64>) -> tensor<2x3x4xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[-21, -15, -15, 27], [14, 10, 10, -18], [-35, -25, -25, 45]], [[-35, -25, -25, 45], [56, 40, 40, -72], [-14, -10, -10, 18]]]> : tensor<2x3x4xi64>}} : (tensor<2x3x4xi64>) -> ()
  func.return
}
