module {
  func.func @main(%arg0: tensor<3x3xf32>, %arg1: tensor<2x2xf32>, %arg2: tensor<i32>, %arg3: tensor<i32>) -> tensor<3x3xf32> {
    %0 = shlo.dynamic_update_slice %arg0, %arg1, (%arg2, %arg3) : (tensor<3x3xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<3x3xf32>
    return %0 : tensor<3x3xf32>
  }
}
