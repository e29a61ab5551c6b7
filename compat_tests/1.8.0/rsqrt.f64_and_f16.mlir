module {
  func.func @main(%arg0: tensor<2xf64>, %arg1: tensor<1xf16>) -> (tensor<2xf64>, tensor<1xf16>) {
    %0 = shlo.rsqrt %arg0 : tensor<2xf64>
    %1 = shlo.rsqrt %arg1 : tensor<1xf16>
    return %0, %1 : tensor<2xf64>, tensor<1xf16>
  }
}
