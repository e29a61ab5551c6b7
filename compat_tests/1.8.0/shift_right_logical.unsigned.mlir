module {
  func.func @main(%arg0: tensor<2xui16>, %arg1: tensor<2xui16>) -> tensor<2xui16> {
    %0 = shlo.shift_right_logical %arg0, %arg1 : tensor<2xui16>
    return %0 : tensor<2xui16>
  }
}
