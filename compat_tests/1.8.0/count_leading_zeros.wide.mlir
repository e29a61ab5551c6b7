module {
  func.func @main(%arg0: tensor<2xi64>) -> tensor<2xi64> {
    %0 = shlo.count_leading_zeros %arg0 : tensor<2xi64>
    return %0 : tensor<2xi64>
  }
}
