// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[29, 156, 19, 255], [66, 249, 213, 6], [221, 67, 142, 187], [186, 152, 197, 102], [200, 141, 136, 186]]> : tensor<5x4xui8>} : () -> tensor<5x4xui8>
  %c2 = shlo.constant {value = dense<[[3], [0], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>} : (tensor<5x4xui8>, tensor<3x1xi32>) -> tensor<3x3xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[186, 152, 197], [29, 156, 19], [66, 249, 213]]> : tensor<3x3xui8>}} : (tensor<3x3xui8>) -> ()
  func.return
}
