// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4, -4, -5, 4], [-1, -8, -6, 8], [6, -5, 9, -3]]> : tensor<3x4xi8>} : () -> tensor<3x4xi8>
  %c2 = shlo.constant {value = dense<[[7, 6, -2, -7, 3], [9, 6, 0, 9, 6], [6, 0, 2, 6, 9], [-1, -7, -2, -7, -3]]> : tensor<4x5xi8>} : () -> tensor<4x5xi8>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x4xi8>, tensor<4x5xi8>) -> tensor<3x5xi8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-42, -28, -26, -122, -69], [-123, -110, -26, 99, 127], [54, 27, 12, -12, 78]]> : tensor<3x5xi8>}} : (tensor<3x5xi8>) -> ()
  func.return
}
