// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2, 2, 1], [6, 8, 2]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %c2 = shlo.constant {value = dense<[4, 3, 6, 9]> : tensor<4xui8>} : () -> tensor<4xui8>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [], rhs_contracting_dimensions = []>} : (tensor<2x3xui8>, tensor<4xui8>) -> tensor<2x3x4xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[8, 6, 12, 18], [8, 6, 12, 18], [4, 3, 6, 9]], [[24, 18, 36, 54], [32, 24, 48, 72], [8, 6, 12, 18]]]> : tensor<2x3x4xui8>}} : (tensor<2x3x4xui8>) -> ()
  func.return
}
