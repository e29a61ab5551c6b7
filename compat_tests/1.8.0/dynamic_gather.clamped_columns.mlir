module {
  func.func @main(%arg0: tensor<2x3xi32>, %arg1: tensor<2x1xi32>, %arg2: tensor<2xi32>) -> tensor<2x2x2xi32> {
    %0 = shlo.dynamic_gather %arg0, %arg1, %arg2 {dimension_numbers = #shlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [1], index_vector_dim = 1>} : (tensor<2x3xi32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x2x2xi32>
    return %0 : tensor<2x2x2xi32>
  }
}
