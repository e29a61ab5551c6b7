module {
  func.func @main(%arg0: tensor<1x2xi8>, %arg1: tensor<2x1xi8>) -> tensor<1x1xi32> {
    %0 = shlo.dot_general %arg0, %arg1 {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<1x2xi8>, tensor<2x1xi8>) -> tensor<1x1xi32>
    return %0 : tensor<1x1xi32>
  }
}
