module {
  func.func @main(%arg0: tensor<ui8>, %arg1: tensor<3xui8>, %arg2: tensor<ui8>) -> tensor<3xui8> {
    %0 = shlo.clamp %arg0, %arg1, %arg2 : (tensor<ui8>, tensor<3xui8>, tensor<ui8>) -> tensor<3xui8>
    return %0 : tensor<3xui8>
  }
}
