// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3, 6, -3, 7], [-4, 1, 0, 4], [-3, 3, -1, 4]]> : tensor<3x4xi4>} : () -> tensor<3x4xi4>
  %c2 = shlo.constant {value = dense<[[3, 6, -4, -2, -1], [-1, -4, 2, -2, -5], [-3, 7, 2, 6, -6], [0, -4, 2, 3, 7]]> : tensor<4x5xi4>} : () -> tensor<4x5xi4>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x4xi4>, tensor<4x5xi4>) -> tensor<3x5xi4>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-4, -7, -8, 1, 2], [3, 4, -6, 2, -5], [7, -5, -8, 6, 6]]> : tensor<3x5xi4>}} : (tensor<3x5xi4>) -> ()
  func.return
}
