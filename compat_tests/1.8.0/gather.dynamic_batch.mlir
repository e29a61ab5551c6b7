module {
  func.func @main(%arg0: tensor<3x4xi32>, %arg1: tensor<?x1xi64>) -> tensor<?x4xi32> {
    %0 = shlo.gather %arg0, %arg1 {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>} : (tensor<3x4xi32>, tensor<?x1xi64>) -> tensor<?x4xi32>
    return %0 : tensor<?x4xi32>
  }
}
