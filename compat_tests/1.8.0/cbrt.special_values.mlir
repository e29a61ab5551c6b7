module {
  func.func @main(%arg0: tensor<8xf64>) -> tensor<8xf64> {
    %0 = shlo.cbrt %arg0 : tensor<8xf64>
    return %0 : tensor<8xf64>
  }
}
