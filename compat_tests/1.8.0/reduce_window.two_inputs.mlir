module {
  func.func @main(%arg0: tensor<4xi32>, %arg1: tensor<4xf32>, %arg2: tensor<i32>, %arg3: tensor<f32>) -> (tensor<2xi32>, tensor<2xf32>) {
    %0:2 = shlo.reduce_window(%arg0, %arg1), (%arg2, %arg3) {window_dimensions = array<i64: 2>, window_strides = array<i64: 2>} : (tensor<4xi32>, tensor<4xf32>, tensor<i32>, tensor<f32>) -> (tensor<2xi32>, tensor<2xf32>) {
    ^bb0(%arg4: tensor<i32>, %arg5: tensor<f32>, %arg6: tensor<i32>, %arg7: tensor<f32>):
      %1 = shlo.add %arg4, %arg6 : tensor<i32>
      %2 = shlo.add %arg5, %arg7 : tensor<f32>
      shlo.return %1, %2 : tensor<i32>, tensor<f32>
    }
    return %0#0, %0#1 : tensor<2xi32>, tensor<2xf32>
  }
}
