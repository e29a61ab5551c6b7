// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-1, 7, 6, -4], [-4, -4, 6, 7], [1, 9, 5, 6]], [[0, -1, -1, -6], [-2, 7, -2, 3], [2, 2, 3, -8]]]> : tensor<2x3x4xi32>} : () -> tensor<2x3x4xi32>
  %c2 = shlo.constant {value = dense<[[[7, -1], [-8, -2], [9, -5]], [[-4, -9], [3, -6], [0, 1]], [[7, -5], [-7, -8], [3, 2]], [[0, -2], [-3, -1], [-6, 7]]]> : tensor<4x3x2xi32>} : () -> tensor<4x3x2xi32>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 0]>} : (tensor<2x3x4xi32>, tensor<4x3x2xi32>) -> tensor<2x2xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-48, -51], [114, -57]]> : tensor<2x2xi32>}} : (tensor<2x2xi32>) -> ()
  func.return
}
