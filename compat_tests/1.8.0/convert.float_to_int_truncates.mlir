module {
  func.func @main(%arg0: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xi8>) {
    %0 = shlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xi32>
    %1 = shlo.convert %arg0 : (tensor<4xf32>) -> tensor<4xi8>
    return %0, %1 : tensor<4xi32>, tensor<4xi8>
  }
}
