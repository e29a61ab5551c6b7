// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[6, 3, 8, 2]> : tensor<4xui32>} : () -> tensor<4xui32>
  %c2 = shlo.constant {value = dense<[2, 1, 1, 4]> : tensor<4xui32>} : () -> tensor<4xui32>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<4xui32>, tensor<4xui32>) -> tensor<ui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<31> : tensor<ui32>}} : (tensor<ui32>) -> ()
  func.return
}
