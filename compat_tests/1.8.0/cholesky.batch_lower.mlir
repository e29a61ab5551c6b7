module {
  func.func @main(%arg0: tensor<2x2x2xf32>) -> tensor<2x2x2xf32> {
    %0 = shlo.cholesky %arg0 {lower = true} : (tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
    return %0 : tensor<2x2x2xf32>
  }
}
