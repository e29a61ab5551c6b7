module {
  func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<2xi32>) -> tensor<?x2xf32> {
    %0 = shlo.dynamic_reshape %arg0, %arg1 : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<?x2xf32>
    return %0 : tensor<?x2xf32>
  }
}
