// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-6, -3, -2, 0], [2, 3, -7, 5], [-6, -6, 4, 5]]> : tensor<3x4xi64>} : () -> tensor<3x4xi64>
  %c2 = shlo.constant {value = dense<[[-1, 9, -7, -5, 4], [-3, 6, -6, 2, -4], [-1, 4, 4, 4, 5], [8, 5, 6, 5, 9]]> : tensor<4x5xi64>} : () -> tensor<4x5xi64>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x4xi64>, tensor<4x5xi64>) -> tensor<3x5xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[17, -80, 52, 16, -22], [36, 33, -30, -7, 6], [60, -49, 124, 59, 65]]> : tensor<3x5xi64>}} : (tensor<3x5xi64>) -> ()
  func.return
}
