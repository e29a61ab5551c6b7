// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[-4, -5, -1, 1]> : tensor<4xi64>} : () -> tensor<4xi64>
  %c2 = shlo.constant {value = dense<[8, -2, 1, 0]> : tensor<4xi64>} : () -> tensor<4xi64>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<4xi64>, tensor<4xi64>) -> tensor<i64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<-23> : tensor<i64>}} : (tensor<i64>) -> ()
  func.return
}
