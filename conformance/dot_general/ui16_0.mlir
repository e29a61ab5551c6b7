// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[7, 7, 1, 1], [6, 4, 8, 4], [5, 1, 8, 7]]> : tensor<3x4xui16>} : () -> tensor<3x4xui16>
  %c2 = shlo.constant {value = dense<[[4, 5, 1, 9, 8], [1, 6, 6, 9, 4], [2, 1, 9, 6, 4], [5, 0, 1, 6, 5]]> : tensor<4x5xui16>} : () -> tensor<4x5xui16>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x4xui16>, tensor<4x5xui16>) -> tensor<3x5xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[42, 78, 59, 138, 93], [64, 62, 106, 162, 116], [72, 39, 90, 144, 111]]> : tensor<3x5xui16>}} : (tensor<3x5xui16>) -> ()
  func.return
}
