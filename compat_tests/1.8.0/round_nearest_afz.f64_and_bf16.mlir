module {
  func.func @main(%arg0: tensor<2xf64>, %arg1: tensor<2xbf16>) -> (tensor<2xf64>, tensor<2xbf16>) {
    %0 = shlo.round_nearest_afz %arg0 : tensor<2xf64>
    %1 = shlo.round_nearest_afz %arg1 : tensor<2xbf16>
    return %0, %1 : tensor<2xf64>, tensor<2xbf16>
  }
}
