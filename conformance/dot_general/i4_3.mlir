// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-4, 5, 6], [-1, -1, -6]]> : tensor<2x3xi4>} : () -> tensor<2x3xi4>
  %c2 = shlo.constant {value = dense<[5, -8, -5, 2]> : tensor<4xi4>} : () -> tensor<4xi4>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [], rhs_contracting_dimensions = []>} : (tensor<2x3xi4>, tensor<4xi4>) -> tensor<2x3x4xi4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[-4, 0, 4, -8], [-7, -8, 7, -6], [-2, 0, 2, -4]], [[-5, -8, 5, -2], [-5, -8, 5, -2], [2, 0, -2, 4]]]> : tensor<2x3x4xi4>}} : (tensor<2x3x4xi4>) -> ()
  func.return
}
