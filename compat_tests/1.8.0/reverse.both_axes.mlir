module {
  func.func @main(%arg0: tensor<2x3xi32>) -> tensor<2x3xi32> {
    %0 = shlo.reverse %arg0 {dimensions = array<i64: 0, 1>} : (tensor<2x3xi32>) -> tensor<2x3xi32>
    return %0 : tensor<2x3xi32>
  }
}
