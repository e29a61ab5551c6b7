module {
  func.func @main(%arg0: tensor<3xi32>, %arg1: tensor<3xi32>, %arg2: tensor<2xui8>, %arg3: tensor<2xui8>) -> (tensor<3xi32>, tensor<2xui8>) {
    %0 = shlo.divide %arg0, %arg1 : tensor<3xi32>
    %1 = shlo.divide %arg2, %arg3 : tensor<2xui8>
    return %0, %1 : tensor<3xi32>, tensor<2xui8>
  }
}
