// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3, -7, -8], [0, 7, 9]]> : tensor<2x3xi16>} : () -> tensor<2x3xi16>
  %c2 = shlo.constant {value = dense<[5, -5, 7, 9]> : tensor<4xi16>} : () -> tensor<4xi16>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [], rhs_contracting_dimensions = []>} : (tensor<2x3xi16>, tensor<4xi16>) -> tensor<2x3x4xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[-15, 15, -21, -27], [-35, 35, -49, -63], [-40, 40, -56, -72]], [[0, 0, 0, 0], [35, -35, 49, 63], [45, -45, 63, 81]]]> : tensor<2x3x4xi16>}} : (tensor<2x3x4xi16>) -> ()
  func.return
}
