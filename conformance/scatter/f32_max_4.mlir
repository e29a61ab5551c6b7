// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.397515267, -0.618809163, -8.077160e-02, -0.478001207, 0.491721898], [-0.869940936, 0.553980231, 0.583867431, 0.597464263, 0.201430663]]> : tensor<2x5xf32>} : () -> tensor<2x5xf32>
  %c2 = shlo.constant {value = dense<[[1], [3]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %c3 = shlo.constant {value = dense<[-0.0750405192, -0.71268177]> : tensor<2xf32>} : () -> tensor<2xf32>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %s0 = "shlo.maximum"(%a0, %b0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "shlo.return"(%s0) : (tensor<f32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<2x5xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<2x5xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.397515267, -0.0750405192, -8.077160e-02, -0.478001207, 0.491721898], [-0.869940936, 0.553980231, 0.583867431, 0.597464263, 0.201430663]]> : tensor<2x5xf32>}} : (tensor<2x5xf32>) -> ()
  func.return
}
