// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4, 3, 0], [9, 4, 5]]> : tensor<2x3xui16>} : () -> tensor<2x3xui16>
  %c2 = shlo.constant {value = dense<[1, 7, 5, 9]> : tensor<4xui16>} : () -> tensor<4xui16>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [], rhs_contracting_dimensions = []>} : (tensor<2x3xui16>, tensor<4xui16>) -> tensor<2x3x4xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[4, 28, 20, 36], [3, 21, 15, 27], [0, 0, 0, 0]], [[9, 63, 45, 81], [4, 28, 20, 36], [5, 35, 25, 45]]]> : tensor<2x3x4xui16>}} : (tensor<2x3x4xui16>) -> ()
  func.return
}
