// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, -5, 6], [6, -3, -6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c2 = shlo.constant {value = dense<[-2, -9, -4, -6]> : tensor<4xi32>} : () -> tensor<4xi32>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [], rhs_contracting_dimensions = []>} : (tensor<2x3xi32>, tensor<4xi32>) -> tensor<2x3x4xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[0, 0, 0, 0], [10, 45, 20, 30], [-12, -54, -24, -36]], [[-12, -54, -24, -36], [6, 27, 12, 18], [12, 54, 24, 36]]]> : tensor<2x3x4xi32>}} : (tensor<2x3x4xi32>) -> ()
  func.return
}
