module {
  func.func @main(%arg0: tensor<3x4xi32>, %arg1: tensor<2x1xi64>) -> tensor<2x4xi32> {
    %0 = shlo.gather %arg0, %arg1 {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xi32>, tensor<2x1xi64>) -> tensor<2x4xi32>
    return %0 : tensor<2x4xi32>
  }
}
