module {
  func.func @main(%arg0: tensor<3xi8>, %arg1: tensor<3xi8>, %arg2: tensor<2xui16>, %arg3: tensor<2xui16>) -> (tensor<3xi8>, tensor<2xui16>) {
    %0 = shlo.remainder %arg0, %arg1 : tensor<3xi8>
    %1 = shlo.remainder %arg2, %arg3 : tensor<2xui16>
    return %0, %1 : tensor<3xi8>, tensor<2xui16>
  }
}
