// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[4, 3, 0, 9], [9, 0, 5, 4], [3, 2, 9, 3]], [[9, 9, 9, 1], [5, 1, 7, 9], [8, 6, 7, 9]]]> : tensor<2x3x4xui8>} : () -> tensor<2x3x4xui8>
  %c2 = shlo.constant {value = dense<[[[5, 9], [3, 3], [9, 5], [5, 9]], [[8, 8], [5, 5], [7, 9], [8, 7]]]> : tensor<2x4x2xui8>} : () -> tensor<2x4x2xui8>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>} : (tensor<2x3x4xui8>, tensor<2x4x2xui8>) -> tensor<2x3x2xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[74, 126], [110, 142], [117, 105]], [[188, 205], [166, 171], [215, 220]]]> : tensor<2x3x2xui8>}} : (tensor<2x3x2xui8>) -> ()
  func.return
}
