// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4, -8, 5, 9], [5, 6, -7, 2], [8, -3, 8, 6]]> : tensor<3x4xi16>} : () -> tensor<3x4xi16>
  %c2 = shlo.constant {value = dense<[[-6, 1, -6, 5, -9], [-8, -8, 0, 3, 7], [-9, 0, -3, 2, 9], [7, 1, 9, 7, 9]]> : tensor<4x5xi16>} : () -> tensor<4x5xi16>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x4xi16>, tensor<4x5xi16>) -> tensor<3x5xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[58, 77, 42, 69, 34], [-1, -41, 9, 43, -48], [-54, 38, -18, 89, 33]]> : tensor<3x5xi16>}} : (tensor<3x5xi16>) -> ()
  func.return
}
