module {
  func.func @main(%arg0: tensor<1x2xi32>, %arg1: tensor<2x2xi32>) -> tensor<3x2xi32> {
    %0 = shlo.concatenate %arg0, %arg1 {dimension = 0 : i64} : (tensor<1x2xi32>, tensor<2x2xi32>) -> tensor<3x2xi32>
    return %0 : tensor<3x2xi32>
  }
}
