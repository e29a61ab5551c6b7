// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[true, true, true, true]> : tensor<4xi1>} : () -> tensor<4xi1>
  %c2 = shlo.constant {value = dense<[true, false, true, false]> : tensor<4xi1>} : () -> tensor<4xi1>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<4xi1>, tensor<4xi1>) -> tensor<i1>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<true> : tensor<i1>}} : (tensor<i1>) -> ()
  func.return
}
