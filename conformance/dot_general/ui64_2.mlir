// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[4, 1, 5, 7]> : tensor<4xui64>} : () -> tensor<4xui64>
  %c2 = shlo.constant {value = dense<[2, 8, 9, 8]> : tensor<4xui64>} : () -> tensor<4xui64>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<4xui64>, tensor<4xui64>) -> tensor<ui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<117> : tensor<ui64>}} : (tensor<ui64>) -> ()
  func.return
}
