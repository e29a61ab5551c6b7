// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[176, 86, 154], [173, 228, 122], [195, 42, 200], [231, 151, 211], [144, 189, 79]], [[242, 142, 175], [193, 96, 161], [101, 136, 121], [55, 48, 190], [63, 214, 34]]]> : tensor<2x5x3xui8>} : () -> tensor<2x5x3xui8>
  %c2 = shlo.constant {value = dense<[[1], [3]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 3>} : (tensor<2x5x3xui8>, tensor<2x1xi32>) -> tensor<2x3xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[173, 228, 122], [55, 48, 190]]> : tensor<2x3xui8>}} : (tensor<2x3xui8>) -> ()
  func.return
}
