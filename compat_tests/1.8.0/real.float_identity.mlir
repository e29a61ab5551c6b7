module {
  func.func @main(%arg0: tensor<3xf64>) -> tensor<3xf64> {
    %0 = shlo.real %arg0 : tensor<3xf64>
    return %0 : tensor<3xf64>
  }
}
