module {
  func.func @main(%arg0: tensor<2x2xui8>, %arg1: tensor<2x2xui8>) -> tensor<2x2xui8> {
    %0 = shlo.and %arg0, %arg1 : tensor<2x2xui8>
    return %0 : tensor<2x2xui8>
  }
}
