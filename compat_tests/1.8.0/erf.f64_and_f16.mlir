module {
  func.func @main(%arg0: tensor<3xf64>, %arg1: tensor<2xf16>) -> (tensor<3xf64>, tensor<2xf16>) {
    %0 = shlo.erf %arg0 : tensor<3xf64>
    %1 = shlo.erf %arg1 : tensor<2xf16>
    return %0, %1 : tensor<3xf64>, tensor<2xf16>
  }
}
