module {
  func.func @main(%arg0: tensor<2x2xf64>, %arg1: tensor<2x2xf64>) -> tensor<2x2xf64> {
    %0 = shlo.triangular_solve %arg0, %arg1 {left_side = false, lower = false, transpose_a = #shlo.transpose<TRANSPOSE>, unit_diagonal = true} : (tensor<2x2xf64>, tensor<2x2xf64>) -> tensor<2x2xf64>
    return %0 : tensor<2x2xf64>
  }
}
