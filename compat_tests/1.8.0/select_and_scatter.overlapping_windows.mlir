module {
  func.func @main(%arg0: tensor<4xi32>, %arg1: tensor<2xi32>, %arg2: tensor<i32>) -> tensor<4xi32> {
    %0 = shlo.select_and_scatter %arg0, %arg1, %arg2 {window_dimensions = array<i64: 3>, window_strides = array<i64: 1>} : (tensor<4xi32>, tensor<2xi32>, tensor<i32>) -> tensor<4xi32> {
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      %1 = shlo.compare %arg3, %arg4 {comparison_direction = #shlo.comparison_direction<GE>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
      shlo.return %1 : tensor<i1>
    } {
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      %1 = shlo.add %arg3, %arg4 : tensor<i32>
      shlo.return %1 : tensor<i32>
    }
    return %0 : tensor<4xi32>
  }
}
