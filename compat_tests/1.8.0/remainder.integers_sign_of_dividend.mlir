module {
  func.func @main(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>) -> tensor<4xi32> {
    %0 = shlo.remainder %arg0, %arg1 : tensor<4xi32>
    return %0 : tensor<4xi32>
  }
}
