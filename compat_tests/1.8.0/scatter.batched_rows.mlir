module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x1xi64>, %arg2: tensor<2xf32>) -> tensor<2x3xf32> {
    %0 = shlo.scatter(%arg0), %arg1, (%arg2) {scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>} : (tensor<2x3xf32>, tensor<2x1xi64>, tensor<2xf32>) -> tensor<2x3xf32> {
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %1 = shlo.add %arg3, %arg4 : tensor<f32>
      shlo.return %1 : tensor<f32>
    }
    return %0 : tensor<2x3xf32>
  }
}
