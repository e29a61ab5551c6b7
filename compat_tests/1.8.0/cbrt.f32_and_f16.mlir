module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf16>) -> (tensor<2xf32>, tensor<2xf16>) {
    %0 = shlo.cbrt %arg0 : tensor<2xf32>
    %1 = shlo.cbrt %arg1 : tensor<2xf16>
    return %0, %1 : tensor<2xf32>, tensor<2xf16>
  }
}
