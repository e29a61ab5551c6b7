module {
  func.func @main(%arg0: tensor<1xf64>, %arg1: tensor<2xbf16>) -> (tensor<1xf64>, tensor<2xbf16>) {
    %0 = shlo.cosine %arg0 : tensor<1xf64>
    %1 = shlo.cosine %arg1 : tensor<2xbf16>
    return %0, %1 : tensor<1xf64>, tensor<2xbf16>
  }
}
