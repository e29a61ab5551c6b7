// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.84134674, -3.54615903, 1.08156693, -0.273413211], [-7.91504431, -3.461360e+00, 2.83846855, -4.38666868], [0.172513083, 0.942206501, -0.151375934, -1.91351795], [-1.41838872, -1.97041571, 2.47020674, -0.635943294], [-0.482393414, -0.809384286, 1.2091248, 2.96688271]]> : tensor<5x4xf32>} : () -> tensor<5x4xf32>
  %c2 = shlo.constant {value = dense<[[3], [0], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>} : (tensor<5x4xf32>, tensor<3x1xi32>) -> tensor<3x3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.41838872, -1.97041571, 2.47020674], [1.84134674, -3.54615903, 1.08156693], [-7.91504431, -3.461360e+00, 2.83846855]]> : tensor<3x3xf32>}} : (tensor<3x3xf32>) -> ()
  func.return
}
