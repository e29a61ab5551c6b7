module {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
    %0 = shlo.subtract %arg0, %arg1 : tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
