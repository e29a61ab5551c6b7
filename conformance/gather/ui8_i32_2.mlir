// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[83, 4], [15, 134], [121, 11], [176, 11]], [[25, 116], [33, 204], [117, 226], [128, 77]], [[227, 148], [196, 89], [37, 140], [39, 125]]]> : tensor<3x4x2xui8>} : () -> tensor<3x4x2xui8>
  %c2 = shlo.constant {value = dense<[[0, 1], [2, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xui8>, tensor<2x2xi32>) -> tensor<2x2x2xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[15, 134], [121, 11]], [[227, 148], [196, 89]]]> : tensor<2x2x2xui8>}} : (tensor<2x2x2xui8>) -> ()
  func.return
}
