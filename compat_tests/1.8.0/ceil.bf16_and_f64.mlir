module {
  func.func @main(%arg0: tensor<2xbf16>, %arg1: tensor<2xf64>) -> (tensor<2xbf16>, tensor<2xf64>) {
    %0 = shlo.ceil %arg0 : tensor<2xbf16>
    %1 = shlo.ceil %arg1 : tensor<2xf64>
    return %0, %1 : tensor<2xbf16>, tensor<2xf64>
  }
}
