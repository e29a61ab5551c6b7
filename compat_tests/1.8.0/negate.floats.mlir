module {
  func.func @main(%arg0: tensor<4xf16>) -> tensor<4xf16> {
    %0 = shlo.negate %arg0 : tensor<4xf16>
    return %0 : tensor<4xf16>
  }
}
