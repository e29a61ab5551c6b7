module {
  func.func @main(%arg0: tensor<7xf32>) -> tensor<7xf32> {
    %0 = shlo.log %arg0 : tensor<7xf32>
    return %0 : tensor<7xf32>
  }
}
