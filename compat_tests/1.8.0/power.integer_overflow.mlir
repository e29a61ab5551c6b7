module {
  func.func @main(%arg0: tensor<2xi8>, %arg1: tensor<2xi8>, %arg2: tensor<1xui8>, %arg3: tensor<1xui8>) -> (tensor<2xi8>, tensor<1xui8>) {
    %0 = shlo.power %arg0, %arg1 : tensor<2xi8>
    %1 = shlo.power %arg2, %arg3 : tensor<1xui8>
    return %0, %1 : tensor<2xi8>, tensor<1xui8>
  }
}
