module {
  func.func @main(%arg0: tensor<8xf32>) -> tensor<8xi1> {
    %0 = shlo.is_finite %arg0 : (tensor<8xf32>) -> tensor<8xi1>
    return %0 : tensor<8xi1>
  }
}
