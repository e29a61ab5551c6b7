module {
  func.func @main(%arg0: tensor<2xi1>, %arg1: tensor<2xi1>, %arg2: tensor<2xi1>) -> tensor<2xi1> {
    %0 = shlo.select %arg0, %arg1, %arg2 : tensor<2xi1>
    return %0 : tensor<2xi1>
  }
}
