module {
  func.func @main(%arg0: tensor<1xf64>, %arg1: tensor<1xbf16>) -> (tensor<1xf64>, tensor<1xbf16>) {
    %0 = shlo.logistic %arg0 : tensor<1xf64>
    %1 = shlo.logistic %arg1 : tensor<1xbf16>
    return %0, %1 : tensor<1xf64>, tensor<1xbf16>
  }
}
