module {
  func.func @main(%arg0: tensor<5xf32>) -> tensor<5xf32> {
    %0 = shlo.sine %arg0 : tensor<5xf32>
    return %0 : tensor<5xf32>
  }
}
