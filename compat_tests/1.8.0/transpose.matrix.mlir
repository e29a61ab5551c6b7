module {
  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<3x2xf32> {
    %0 = shlo.transpose %arg0 {permutation = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
    return %0 : tensor<3x2xf32>
  }
}
