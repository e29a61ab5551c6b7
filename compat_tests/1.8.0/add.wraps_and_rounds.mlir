module {
  func.func @main(%arg0: tensor<2xi8>, %arg1: tensor<2xf32>) -> (tensor<2xi8>, tensor<2xf32>) {
    %0 = shlo.add %arg0, %arg0 : tensor<2xi8>
    %1 = shlo.add %arg1, %arg1 : tensor<2xf32>
    return %0, %1 : tensor<2xi8>, tensor<2xf32>
  }
}
