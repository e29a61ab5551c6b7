// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[6, 4, 9], [4, 9, 1]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %c2 = shlo.constant {value = dense<[1, 3, 2, 8]> : tensor<4xui64>} : () -> tensor<4xui64>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [], rhs_contracting_dimensions = []>} : (tensor<2x3xui64>, tensor<4xui64>) -> tensor<2x3x4xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[6, 18, 12, 48], [4, 12, 8, 32], [9, 27, 18, 72]], [[4, 12, 8, 32], [9, 27, 18, 72], [1, 3, 2, 8]]]> : tensor<2x3x4xui64>}} : (tensor<2x3x4xui64>) -> ()
  func.return
}
