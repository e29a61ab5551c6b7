// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[9, 5, 6, 5], [6, 8, 2, 7], [0, 1, 3, 9]], [[9, 6, 2, 0], [8, 9, 9, 9], [9, 0, 1, 9]]]> : tensor<2x3x4xui16>} : () -> tensor<2x3x4xui16>
  %c2 = shlo.constant {value = dense<[[[8, 3], [2, 6], [7, 0], [9, 4]], [[2, 0], [4, 3], [4, 7], [1, 0]]]> : tensor<2x4x2xui16>} : () -> tensor<2x4x2xui16>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xui16>, tensor<2x4x2xui16>) -> tensor<2x3x2xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[169, 77], [141, 94], [104, 42]], [[50, 32], [97, 90], [31, 7]]]> : tensor<2x3x2xui16>}} : (tensor<2x3x2xui16>) -> ()
  func.return
}
