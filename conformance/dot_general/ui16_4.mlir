// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[1, 2, 4, 6], [0, 8, 8, 4], [5, 3, 8, 4]], [[5, 7, 6, 2], [8, 4, 3, 1], [9, 3, 3, 6]]]> : tensor<2x3x4xui16>} : () -> tensor<2x3x4xui16>
  %c2 = shlo.constant {value = dense<[[[1, 1], [0, 0], [5, 9]], [[5, 9], [8, 5], [7, 7]], [[6, 3], [3, 3], [5, 2]], [[6, 1], [2, 2], [8, 8]]]> : tensor<4x3x2xui16>} : () -> tensor<4x3x2xui16>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 0]>} : (tensor<2x3x4xui16>, tensor<4x3x2xui16>) -> tensor<2x2xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[285, 223], [260, 275]]> : tensor<2x2xui16>}} : (tensor<2x2xui16>) -> ()
  func.return
}
