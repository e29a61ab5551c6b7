module {
  func.func @main(%arg0: tensor<2xui32>, %arg1: tensor<2xui32>, %arg2: tensor<3xi1>, %arg3: tensor<3xi1>) -> (tensor<2xui32>, tensor<3xi1>) {
    %0 = shlo.minimum %arg0, %arg1 : tensor<2xui32>
    %1 = shlo.minimum %arg2, %arg3 : tensor<3xi1>
    return %0, %1 : tensor<2xui32>, tensor<3xi1>
  }
}
