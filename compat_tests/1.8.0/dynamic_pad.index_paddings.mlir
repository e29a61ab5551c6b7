module {
  func.func @main(%arg0: tensor<3xi32>, %arg1: tensor<i32>, %arg2: tensor<1xindex>, %arg3: tensor<1xindex>, %arg4: tensor<1xindex>) -> tensor<?xi32> {
    %0 = shlo.dynamic_pad %arg0, %arg1, %arg2, %arg3, %arg4 : (tensor<3xi32>, tensor<i32>, tensor<1xindex>, tensor<1xindex>, tensor<1xindex>) -> tensor<?xi32>
    return %0 : tensor<?xi32>
  }
}
