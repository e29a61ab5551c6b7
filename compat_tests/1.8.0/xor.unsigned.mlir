module {
  func.func @main(%arg0: tensor<2xui32>, %arg1: tensor<2xui32>) -> tensor<2xui32> {
    %0 = shlo.xor %arg0, %arg1 : tensor<2xui32>
    return %0 : tensor<2xui32>
  }
}
