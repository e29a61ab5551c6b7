// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[true, false, true, true], [true, true, true, true], [false, false, false, true]], [[true, true, false, true], [false, false, false, true], [true, true, true, false]]]> : tensor<2x3x4xi1>} : () -> tensor<2x3x4xi1>
  %c2 = shlo.constant {value = dense<[[[true, true], [false, true], [true, true]], [[true, false], [true, true], [false, true]], [[false, false], [false, false], [false, true]], [[true, true], [false, true], [true, true]]]> : tensor<4x3x2xi1>} : () -> tensor<4x3x2xi1>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 0]>} : (tensor<2x3x4xi1>, tensor<4x3x2xi1>) -> tensor<2x2xi1>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[true, true], [true, true]]> : tensor<2x2xi1>}} : (tensor<2x2xi1>) -> ()
  func.return
}
