module {
  func.func @main(%arg0: tensor<2x2xi64>, %arg1: tensor<2x2xi64>) -> tensor<2x2xi64> {
    %0 = shlo.minimum %arg0, %arg1 : tensor<2x2xi64>
    return %0 : tensor<2x2xi64>
  }
}
