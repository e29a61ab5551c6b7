module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2x1xi32>) -> tensor<2xf32> {
    %0 = shlo.gather %arg0, %arg1 {dimension_numbers = #shlo.gather<offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>} : (tensor<2x3xf32>, tensor<2x1xi32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
