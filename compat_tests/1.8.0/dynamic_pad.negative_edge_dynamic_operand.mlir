module {
  func.func @main(%arg0: tensor<?x2xf32>, %arg1: tensor<f32>, %arg2: tensor<2xi32>, %arg3: tensor<2xi32>, %arg4: tensor<2xi32>) -> tensor<?x?xf32> {
    %0 = shlo.dynamic_pad %arg0, %arg1, %arg2, %arg3, %arg4 : (tensor<?x2xf32>, tensor<f32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<?x?xf32>
    return %0 : tensor<?x?xf32>
  }
}
