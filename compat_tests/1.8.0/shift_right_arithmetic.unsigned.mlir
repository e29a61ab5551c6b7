module {
  func.func @main(%arg0: tensor<3xui8>, %arg1: tensor<3xui8>) -> tensor<3xui8> {
    %0 = shlo.shift_right_arithmetic %arg0, %arg1 : tensor<3xui8>
    return %0 : tensor<3xui8>
  }
}
