// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[9, 6, 4, 3], [6, 0, 5, 1], [5, 4, 8, 0]], [[5, 1, 9, 9], [6, 1, 5, 3], [6, 5, 4, 6]]]> : tensor<2x3x4xui64>} : () -> tensor<2x3x4xui64>
  %c2 = shlo.constant {value = dense<[[[1, 4], [4, 1], [3, 9], [6, 4]], [[0, 2], [5, 8], [9, 3], [2, 7]]]> : tensor<2x4x2xui64>} : () -> tensor<2x4x2xui64>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xui64>, tensor<2x4x2xui64>) -> tensor<2x3x2xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[63, 90], [27, 73], [45, 96]], [[104, 108], [56, 56], [73, 106]]]> : tensor<2x3x2xui64>}} : (tensor<2x3x2xui64>) -> ()
  func.return
}
