module {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<2xi1>) -> (tensor<4xi1>, tensor<2xf32>, tensor<2xui8>) {
    %0 = shlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xi1>
    %1 = shlo.convert %arg1 : (tensor<2xi1>) -> tensor<2xf32>
    %2 = shlo.convert %arg1 : (tensor<2xi1>) -> tensor<2xui8>
    return %0, %1, %2 : tensor<4xi1>, tensor<2xf32>, tensor<2xui8>
  }
}
