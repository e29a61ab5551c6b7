module {
  func.func @main(%arg0: tensor<3xi8>, %arg1: tensor<3xi8>) -> tensor<3xi8> {
    %0 = shlo.subtract %arg0, %arg1 : tensor<3xi8>
    return %0 : tensor<3xi8>
  }
}
