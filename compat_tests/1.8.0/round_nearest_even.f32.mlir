module {
  func.func @main(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = shlo.round_nearest_even %arg0 : tensor<8xf32>
    return %0 : tensor<8xf32>
  }
}
