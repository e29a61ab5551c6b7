// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false, false, true], [false, false, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[false, false, true, false]> : tensor<4xi1>} : () -> tensor<4xi1>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [], rhs_contracting_dimensions = []>} : (tensor<2x3xi1>, tensor<4xi1>) -> tensor<2x3x4xi1>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[false, false, false, false], [false, false, false, false], [false, false, true, false]], [[false, false, false, false], [false, false, false, false], [false, false, true, false]]]> : tensor<2x3x4xi1>}} : (tensor<2x3x4xi1>) -> ()
  func.return
}
