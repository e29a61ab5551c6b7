module {
  func.func @main(%arg0: tensor<3xi64>, %arg1: tensor<3xi64>) -> tensor<3xi64> {
    %0 = shlo.or %arg0, %arg1 : tensor<3xi64>
    return %0 : tensor<3xi64>
  }
}
