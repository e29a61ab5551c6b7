// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1, 2, -5, -1]> : tensor<4xi16>} : () -> tensor<4xi16>
  %c2 = shlo.constant {value = dense<[-9, 8, -7, -4]> : tensor<4xi16>} : () -> tensor<4xi16>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<4xi16>, tensor<4xi16>) -> tensor<i16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<64> : tensor<i16>}} : (tensor<i16>) -> ()
  func.return
}
