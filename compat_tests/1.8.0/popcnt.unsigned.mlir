module {
  func.func @main(%arg0: tensor<2x2xui16>) -> tensor<2x2xui16> {
    %0 = shlo.popcnt %arg0 : tensor<2x2xui16>
    return %0 : tensor<2x2xui16>
  }
}
