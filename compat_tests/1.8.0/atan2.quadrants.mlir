module {
  func.func @main(%arg0: tensor<4xf64>, %arg1: tensor<4xf64>) -> tensor<4xf64> {
    %0 = shlo.atan2 %arg0, %arg1 : tensor<4xf64>
    return %0 : tensor<4xf64>
  }
}
