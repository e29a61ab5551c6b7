module {
  func.func @main(%arg0: tensor<6xf32>, %arg1: tensor<6xf32>) -> tensor<6xf32> {
    %0 = shlo.remainder %arg0, %arg1 : tensor<6xf32>
    return %0 : tensor<6xf32>
  }
}
