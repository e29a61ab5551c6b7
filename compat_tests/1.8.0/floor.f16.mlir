module {
  func.func @main(%arg0: tensor<2xf16>) -> tensor<2xf16> {
    %0 = shlo.floor %arg0 : tensor<2xf16>
    return %0 : tensor<2xf16>
  }
}
