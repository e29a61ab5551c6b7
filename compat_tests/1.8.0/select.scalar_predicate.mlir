module {
  func.func @main(%arg0: tensor<i1>, %arg1: tensor<3xf32>, %arg2: tensor<3xf32>) -> tensor<3xf32> {
    %0 = shlo.select %arg0, %arg1, %arg2 : (tensor<i1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    return %0 : tensor<3xf32>
  }
}
