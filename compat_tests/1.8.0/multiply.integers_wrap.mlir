module {
  func.func @main(%arg0: tensor<4xi8>, %arg1: tensor<4xi8>) -> tensor<4xi8> {
    %0 = shlo.multiply %arg0, %arg1 : tensor<4xi8>
    return %0 : tensor<4xi8>
  }
}
