// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-5, -9, 0, -6], [-8, -4, 7, 5], [-8, -9, -6, -8]], [[7, 2, 6, 8], [-5, -2, -7, -1], [-7, -3, 2, 0]]]> : tensor<2x3x4xi32>} : () -> tensor<2x3x4xi32>
  %c2 = shlo.constant {value = dense<[[[-3, 2], [3, 3], [8, -3], [-6, 4]], [[-8, -5], [-1, 0], [-3, 9], [-9, -6]]]> : tensor<2x4x2xi32>} : () -> tensor<2x4x2xi32>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xi32>, tensor<2x4x2xi32>) -> tensor<2x3x2xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[24, -61], [38, -29], [-3, -57]], [[-148, -29], [72, -32], [53, 53]]]> : tensor<2x3x2xi32>}} : (tensor<2x3x2xi32>) -> ()
  func.return
}
