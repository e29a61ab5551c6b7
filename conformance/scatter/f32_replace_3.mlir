// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.217614129, -0.860456168, 0.673821807], [0.753931939, -0.387191892, -0.024112625], [0.611087501, 0.152180389, 0.760763943], [-0.649862587, 0.181409523, 0.443137258], [-5.116330e-01, 0.10288725, 0.887044131]]> : tensor<5x3xf32>} : () -> tensor<5x3xf32>
  %c2 = shlo.constant {value = dense<[[4], [7], [-1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[-0.712345182, -0.512511253, 0.0332631841], [-0.587932586, 0.133503422, 0.450075746], [0.245171174, -0.763037145, -0.545766652]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    "shlo.return"(%b0) : (tensor<f32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xf32>, tensor<3x1xi32>, tensor<3x3xf32>) -> tensor<5x3xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.217614129, -0.860456168, 0.673821807], [0.753931939, -0.387191892, -0.024112625], [0.611087501, 0.152180389, 0.760763943], [-0.649862587, 0.181409523, 0.443137258], [-0.712345182, -0.512511253, 0.0332631841]]> : tensor<5x3xf32>}} : (tensor<5x3xf32>) -> ()
  func.return
}
