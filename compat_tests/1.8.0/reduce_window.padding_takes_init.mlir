module {
  func.func @main(%arg0: tensor<2x2xi32>, %arg1: tensor<i32>) -> tensor<2x3xi32> {
    %0 = shlo.reduce_window(%arg0), (%arg1) {padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 2>} : (tensor<2x2xi32>, tensor<i32>) -> tensor<2x3xi32> {
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %1 = shlo.add %arg2, %arg3 : tensor<i32>
      shlo.return %1 : tensor<i32>
    }
    return %0 : tensor<2x3xi32>
  }
}
