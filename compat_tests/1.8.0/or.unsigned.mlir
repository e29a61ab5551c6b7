module {
  func.func @main(%arg0: tensor<2xui16>, %arg1: tensor<2xui16>) -> tensor<2xui16> {
    %0 = shlo.or %arg0, %arg1 : tensor<2xui16>
    return %0 : tensor<2xui16>
  }
}
