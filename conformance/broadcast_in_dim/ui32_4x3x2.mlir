// broadcast_in_dim: oracle jax.lax.broadcast_in_dim
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4036700708], [2553266220], [4181231889]]> : tensor<3x1xui32>} : () -> tensor<3x1xui32>
  %v2 = "shlo.broadcast_in_dim"(%c1) {broadcast_dimensions = array<i64: 1, 0>} : (tensor<3x1xui32>) -> tensor<4x3x2xui32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[4036700708, 4036700708], [2553266220, 2553266220], [4181231889, 4181231889]], [[4036700708, 4036700708], [2553266220, 2553266220], [4181231889, 4181231889]], [[4036700708, 4036700708], [2553266220, 2553266220], [4181231889, 4181231889]], [[4036700708, 4036700708], [2553266220, 2553266220], [4181231889, 4181231889]]]> : tensor<4x3x2xui32>}} : (tensor<4x3x2xui32>) -> ()
  func.return
}
