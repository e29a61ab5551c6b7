// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-2, -1, 7, -2], [5, 6, 9, 0], [-8, -9, 5, -3]], [[9, 0, 7, 5], [-1, -1, -4, 4], [9, -2, 5, -8]]]> : tensor<2x3x4xi8>} : () -> tensor<2x3x4xi8>
  %c2 = shlo.constant {value = dense<[[[2, 6], [-2, 8], [-9, 1], [1, -4]], [[5, 4], [-2, -8], [-1, -3], [3, -4]]]> : tensor<2x4x2xi8>} : () -> tensor<2x4x2xi8>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xi8>, tensor<2x4x2xi8>) -> tensor<2x3x2xi8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[-67, -5], [-83, 87], [-46, -103]], [[53, -5], [13, 0], [20, 69]]]> : tensor<2x3x2xi8>}} : (tensor<2x3x2xi8>) -> ()
  func.return
}
