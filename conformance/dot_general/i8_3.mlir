// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2, 7, 9], [-7, -9, 2]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %c2 = shlo.constant {value = dense<[1, 1, 2, 0]> : tensor<4xi8>} : () -> tensor<4xi8>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [], rhs_contracting_dimensions = []>} : (tensor<2x3xi8>, tensor<4xi8>) -> tensor<2x3x4xi8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[2, 2, 4, 0], [7, 7, 14, 0], [9, 9, 18, 0]], [[-7, -7, -14, 0], [-9, -9, -18, 0], [2, 2, 4, 0]]]> : tensor<2x3x4xi8>}} : (tensor<2x3x4xi8>) -> ()
  func.return
}
