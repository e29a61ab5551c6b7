// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.16577399, -1.11458313, -2.26430607, 1.46575487], [-2.81809497, -3.95341468, 1.13312793, 0.593477249], [1.14418912, -1.76558924, 1.22905123, 0.114543624], [5.64370298, 1.75673294, -1.91706383, -0.938907623], [-0.927217722, 6.54254341, -3.06143236, 1.46414471]]> : tensor<5x4xf32>} : () -> tensor<5x4xf32>
  %c2 = shlo.constant {value = dense<[[0], [2], [4]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>} : (tensor<5x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.16577399, -1.11458313, -2.26430607, 1.46575487], [1.14418912, -1.76558924, 1.22905123, 0.114543624], [-0.927217722, 6.54254341, -3.06143236, 1.46414471]]> : tensor<3x4xf32>}} : (tensor<3x4xf32>) -> ()
  func.return
}
