module {
  func.func @main(%arg0: tensor<2xui8>, %arg1: tensor<2xui8>, %arg2: tensor<3xi1>, %arg3: tensor<3xi1>) -> (tensor<2xui8>, tensor<3xi1>) {
    %0 = shlo.maximum %arg0, %arg1 : tensor<2xui8>
    %1 = shlo.maximum %arg2, %arg3 : tensor<3xi1>
    return %0, %1 : tensor<2xui8>, tensor<3xi1>
  }
}
