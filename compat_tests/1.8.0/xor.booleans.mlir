module {
  func.func @main(%arg0: tensor<4xi1>, %arg1: tensor<4xi1>) -> tensor<4xi1> {
    %0 = shlo.xor %arg0, %arg1 : tensor<4xi1>
    return %0 : tensor<4xi1>
  }
}
