// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[9, 6, 3, 8], [0, 9, 3, 1], [3, 1, 0, 7]]> : tensor<3x4xui8>} : () -> tensor<3x4xui8>
  %c2 = shlo.constant {value = dense<[[4, 2, 0, 2, 4], [3, 1, 1, 3, 2], [8, 7, 8, 5, 9], [6, 3, 6, 2, 7]]> : tensor<4x5xui8>} : () -> tensor<4x5xui8>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x4xui8>, tensor<4x5xui8>) -> tensor<3x5xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[126, 69, 78, 67, 131], [57, 33, 39, 44, 52], [57, 28, 43, 23, 63]]> : tensor<3x5xui8>}} : (tensor<3x5xui8>) -> ()
  func.return
}
