module {
  func.func @main(%arg0: tensor<5xi32>, %arg1: tensor<3x1xi32>, %arg2: tensor<3xi32>) -> tensor<5xi32> {
    %0 = shlo.scatter(%arg0), %arg1, (%arg2) {scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>} : (tensor<5xi32>, tensor<3x1xi32>, tensor<3xi32>) -> tensor<5xi32> {
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      %1 = shlo.add %arg3, %arg4 : tensor<i32>
      shlo.return %1 : tensor<i32>
    }
    return %0 : tensor<5xi32>
  }
}
