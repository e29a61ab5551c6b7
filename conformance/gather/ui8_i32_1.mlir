// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[200, 254, 77, 103], [93, 101, 185, 229], [234, 69, 68, 52], [188, 123, 156, 254], [219, 159, 176, 249]]> : tensor<5x4xui8>} : () -> tensor<5x4xui8>
  %c2 = shlo.constant {value = dense<[[1, 1], [4, 3], [-1, 9]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2>} : (tensor<5x4xui8>, tensor<3x2xi32>) -> tensor<3x2xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[101, 185], [176, 249], [77, 103]]> : tensor<3x2xui8>}} : (tensor<3x2xui8>) -> ()
  func.return
}
