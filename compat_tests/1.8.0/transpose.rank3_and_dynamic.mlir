module {
  func.func @main(%arg0: tensor<1x2x3xi32>, %arg1: tensor<?x2xi1>) -> (tensor<3x1x2xi32>, tensor<2x?xi1>) {
    %0 = shlo.transpose %arg0 {permutation = array<i64: 2, 0, 1>} : (tensor<1x2x3xi32>) -> tensor<3x1x2xi32>
    %1 = shlo.transpose %arg1 {permutation = array<i64: 1, 0>} : (tensor<?x2xi1>) -> tensor<2x?xi1>
    return %0, %1 : tensor<3x1x2xi32>, tensor<2x?xi1>
  }
}
