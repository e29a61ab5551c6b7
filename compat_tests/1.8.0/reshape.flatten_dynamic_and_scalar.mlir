module {
  func.func @main(%arg0: tensor<?x2xf32>, %arg1: tensor<1xi8>) -> (tensor<4xf32>, tensor<i8>) {
    %0 = shlo.reshape %arg0 : (tensor<?x2xf32>) -> tensor<4xf32>
    %1 = shlo.reshape %arg1 : (tensor<1xi8>) -> tensor<i8>
    return %0, %1 : tensor<4xf32>, tensor<i8>
  }
}
