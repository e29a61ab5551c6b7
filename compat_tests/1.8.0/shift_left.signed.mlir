module {
  func.func @main(%arg0: tensor<6xi32>, %arg1: tensor<6xi32>) -> tensor<6xi32> {
    %0 = shlo.shift_left %arg0, %arg1 : tensor<6xi32>
    return %0 : tensor<6xi32>
  }
}
