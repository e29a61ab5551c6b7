module {
  func.func @main(%arg0: tensor<3x3xi32>, %arg1: tensor<1x2xi32>, %arg2: tensor<1x2x2xi32>) -> tensor<3x3xi32> {
    %0 = shlo.scatter(%arg0), %arg1, (%arg2) {scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1, 2], inserted_window_dims = [], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = true} : (tensor<3x3xi32>, tensor<1x2xi32>, tensor<1x2x2xi32>) -> tensor<3x3xi32> {
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      shlo.return %arg4 : tensor<i32>
    }
    return %0 : tensor<3x3xi32>
  }
}
