module {
  func.func @main(%arg0: tensor<2xbf16>, %arg1: tensor<2xf16>, %arg2: tensor<2xf64>) -> (tensor<2xi1>, tensor<2xi1>, tensor<2xi1>) {
    %0 = shlo.is_finite %arg0 : (tensor<2xbf16>) -> tensor<2xi1>
    %1 = shlo.is_finite %arg1 : (tensor<2xf16>) -> tensor<2xi1>
    %2 = shlo.is_finite %arg2 : (tensor<2xf64>) -> tensor<2xi1>
    return %0, %1, %2 : tensor<2xi1>, tensor<2xi1>, tensor<2xi1>
  }
}
