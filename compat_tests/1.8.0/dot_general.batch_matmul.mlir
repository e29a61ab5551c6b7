module {
  func.func @main(%arg0: tensor<2x2x2xi64>, %arg1: tensor<2x2x2xi64>) -> tensor<2x2x2xi64> {
    %0 = shlo.dot_general %arg0, %arg1 {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#shlo.precision<DEFAULT>, #shlo.precision<DEFAULT>]} : (tensor<2x2x2xi64>, tensor<2x2x2xi64>) -> tensor<2x2x2xi64>
    return %0 : tensor<2x2x2xi64>
  }
}
