module {
  func.func @main(%arg0: tensor<2x2xf32>, %arg1: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %0 = shlo.triangular_solve %arg0, %arg1 {left_side = true, lower = true, transpose_a = #shlo.transpose<NO_TRANSPOSE>, unit_diagonal = false} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    return %0 : tensor<2x2xf32>
  }
}
