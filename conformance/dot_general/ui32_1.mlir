// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[7, 2, 8, 9], [6, 7, 1, 1], [4, 2, 6, 4]], [[8, 3, 3, 0], [0, 1, 3, 4], [6, 7, 3, 1]]]> : tensor<2x3x4xui32>} : () -> tensor<2x3x4xui32>
  %c2 = shlo.constant {value = dense<[[[4, 0], [7, 8], [1, 2], [2, 3]], [[2, 3], [8, 6], [8, 4], [9, 1]]]> : tensor<2x4x2xui32>} : () -> tensor<2x4x2xui32>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xui32>, tensor<2x4x2xui32>) -> tensor<2x3x2xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[68, 59], [76, 61], [44, 40]], [[64, 54], [68, 22], [101, 73]]]> : tensor<2x3x2xui32>}} : (tensor<2x3x2xui32>) -> ()
  func.return
}
