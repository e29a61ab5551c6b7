module {
  func.func @main(%arg0: tensor<5xi32>) -> tensor<5xi32> {
    %0 = shlo.count_leading_zeros %arg0 : tensor<5xi32>
    return %0 : tensor<5xi32>
  }
}
