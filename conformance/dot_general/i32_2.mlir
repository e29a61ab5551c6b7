// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[-7, -4, 5, -7]> : tensor<4xi32>} : () -> tensor<4xi32>
  %c2 = shlo.constant {value = dense<[0, 9, 2, -8]> : tensor<4xi32>} : () -> tensor<4xi32>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<4xi32>, tensor<4xi32>) -> tensor<i32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<30> : tensor<i32>}} : (tensor<i32>) -> ()
  func.return
}
