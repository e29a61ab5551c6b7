// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[3, 3, 0, 0]> : tensor<4xui8>} : () -> tensor<4xui8>
  %c2 = shlo.constant {value = dense<[9, 6, 0, 1]> : tensor<4xui8>} : () -> tensor<4xui8>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<4xui8>, tensor<4xui8>) -> tensor<ui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<45> : tensor<ui8>}} : (tensor<ui8>) -> ()
  func.return
}
