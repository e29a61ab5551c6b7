// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[9, 3, 4, 9], [6, 7, 8, 6], [6, 9, 9, 5]], [[5, 9, 5, 1], [8, 3, 6, 8], [8, 5, 5, 8]]]> : tensor<2x3x4xui8>} : () -> tensor<2x3x4xui8>
  %c2 = shlo.constant {value = dense<[[[9, 8], [2, 1], [8, 0]], [[8, 1], [9, 4], [5, 1]], [[3, 2], [1, 5], [2, 9]], [[4, 6], [3, 2], [9, 8]]]> : tensor<4x3x2xui8>} : () -> tensor<4x3x2xui8>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 0]>} : (tensor<2x3x4xui8>, tensor<4x3x2xui8>) -> tensor<2x2xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[154, 97], [124, 245]]> : tensor<2x2xui8>}} : (tensor<2x2xui8>) -> ()
  func.return
}
