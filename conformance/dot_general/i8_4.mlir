// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[1, 7, -9, 8], [7, 8, -8, 9], [7, 1, 6, 8]], [[6, 4, -5, 6], [-2, 2, 2, -1], [-9, -7, -2, 1]]]> : tensor<2x3x4xi8>} : () -> tensor<2x3x4xi8>
  %c2 = shlo.constant {value = dense<[[[6, 6], [8, 4], [9, 1]], [[1, 0], [2, 4], [-5, -3]], [[8, 5], [-8, -9], [-6, -8]], [[7, -2], [4, 8], [1, 1]]]> : tensor<4x3x2xi8>} : () -> tensor<4x3x2xi8>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 0]>} : (tensor<2x3x4xi8>, tensor<4x3x2xi8>) -> tensor<2x2xi8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-57, 113], [-23, 2]]> : tensor<2x2xi8>}} : (tensor<2x2xi8>) -> ()
  func.return
}
