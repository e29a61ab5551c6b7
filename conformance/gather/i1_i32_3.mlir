// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[true, false, true, false], [false, false, true, false], [true, true, false, true], [true, false, true, false], [false, false, true, true]]> : tensor<5x4xi1>} : () -> tensor<5x4xi1>
  %c2 = shlo.constant {value = dense<[[3], [0], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>} : (tensor<5x4xi1>, tensor<3x1xi32>) -> tensor<3x3xi1>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[true, false, true], [true, false, true], [false, false, true]]> : tensor<3x3xi1>}} : (tensor<3x3xi1>) -> ()
  func.return
}
