module {
  func.func @main(%arg0: tensor<2xui8>, %arg1: tensor<?xi64>) -> (tensor<2xi32>, tensor<?xi16>) {
    %0 = shlo.convert %arg0 : (tensor<2xui8>) -> tensor<2xi32>
    %1 = shlo.convert %arg1 : (tensor<?xi64>) -> tensor<?xi16>
    return %0, %1 : tensor<2xi32>, tensor<?xi16>
  }
}
