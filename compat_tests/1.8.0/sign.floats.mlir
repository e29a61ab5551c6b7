module {
  func.func @main(%arg0: tensor<6xf32>) -> tensor<6xf32> {
    %0 = shlo.sign %arg0 : tensor<6xf32>
    return %0 : tensor<6xf32>
  }
}
