module {
  func.func @main(%arg0: tensor<?x3xf32>, %arg1: tensor<3x2xf32>) -> tensor<?x2xf32> {
    %0 = shlo.dot_general %arg0, %arg1 {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<?x3xf32>, tensor<3x2xf32>) -> tensor<?x2xf32>
    return %0 : tensor<?x2xf32>
  }
}
