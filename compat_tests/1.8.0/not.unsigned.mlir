module {
  func.func @main(%arg0: tensor<3xui8>) -> tensor<3xui8> {
    %0 = shlo.not %arg0 : tensor<3xui8>
    return %0 : tensor<3xui8>
  }
}
