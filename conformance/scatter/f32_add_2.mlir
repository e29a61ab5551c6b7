// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.551117539, 0.504921675, 0.461992145, -0.638538897], [0.320705205, 0.776868402, 0.036086034, -0.0950693637], [0.257954895, -0.714938045, 0.819509208, -5.981000e-01], [-0.764978468, 0.448826015, -0.184176117, 0.394767672]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %c2 = shlo.constant {value = dense<[[0, 0], [3, 3], [1, 2]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %c3 = shlo.constant {value = dense<[-0.586947918, 0.394570351, 0.223293617]> : tensor<3xf32>} : () -> tensor<3xf32>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "shlo.return"(%s0) : (tensor<f32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<4x4xf32>, tensor<3x2xi32>, tensor<3xf32>) -> tensor<4x4xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.13806546, 0.504921675, 0.461992145, -0.638538897], [0.320705205, 0.776868402, 0.259379655, -0.0950693637], [0.257954895, -0.714938045, 0.819509208, -5.981000e-01], [-0.764978468, 0.448826015, -0.184176117, 0.789337992]]> : tensor<4x4xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<4x4xf32>) -> ()
  func.return
}
