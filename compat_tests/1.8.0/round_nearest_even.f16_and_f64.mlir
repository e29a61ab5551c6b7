module {
  func.func @main(%arg0: tensor<2xf16>, %arg1: tensor<2xf64>) -> (tensor<2xf16>, tensor<2xf64>) {
    %0 = shlo.round_nearest_even %arg0 : tensor<2xf16>
    %1 = shlo.round_nearest_even %arg1 : tensor<2xf64>
    return %0, %1 : tensor<2xf16>, tensor<2xf64>
  }
}
