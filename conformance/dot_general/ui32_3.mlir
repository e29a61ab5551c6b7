// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1, 3, 6], [9, 8, 2]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %c2 = shlo.constant {value = dense<[2, 6, 7, 2]> : tensor<4xui32>} : () -> tensor<4xui32>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [], rhs_contracting_dimensions = []>} : (tensor<2x3xui32>, tensor<4xui32>) -> tensor<2x3x4xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[2, 6, 7, 2], [6, 18, 21, 6], [12, 36, 42, 12]], [[18, 54, 63, 18], [16, 48, 56, 16], [4, 12, 14, 4]]]> : tensor<2x3x4xui32>}} : (tensor<2x3x4xui32>) -> ()
  func.return
}
