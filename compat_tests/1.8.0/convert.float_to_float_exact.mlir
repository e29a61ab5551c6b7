module {
  func.func @main(%arg0: tensor<5xf64>, %arg1: tensor<2xf32>) -> (tensor<5xf16>, tensor<2xbf16>) {
    %0 = shlo.convert %arg0 : (tensor<5xf64>) -> tensor<5xf16>
    %1 = shlo.convert %arg1 : (tensor<2xf32>) -> tensor<2xbf16>
    return %0, %1 : tensor<5xf16>, tensor<2xbf16>
  }
}
