module {
  func.func @main(%arg0: tensor<2x3xi32>) -> tensor<2x3xi32> {
    %0 = shlo.sort %arg0 : (tensor<2x3xi32>) -> tensor<2x3xi32> {
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %1 = shlo.compare %arg1, %arg2 {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
      shlo.return %1 : tensor<i1>
    }
    return %0 : tensor<2x3xi32>
  }
}
