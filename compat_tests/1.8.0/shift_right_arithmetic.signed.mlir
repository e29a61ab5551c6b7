module {
  func.func @main(%arg0: tensor<6xi8>, %arg1: tensor<6xi8>) -> tensor<6xi8> {
    %0 = shlo.shift_right_arithmetic %arg0, %arg1 : tensor<6xi8>
    return %0 : tensor<6xi8>
  }
}
