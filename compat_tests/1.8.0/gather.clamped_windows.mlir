module {
  func.func @main(%arg0: tensor<3x4xi32>, %arg1: tensor<2x2xi32>) -> tensor<2x2x2xi32> {
    %0 = shlo.gather %arg0, %arg1 {dimension_numbers = #shlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 2, 2>} : (tensor<3x4xi32>, tensor<2x2xi32>) -> tensor<2x2x2xi32>
    return %0 : tensor<2x2x2xi32>
  }
}
