module {
  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = shlo.sort %arg0 {dimension = -1 : i64, is_stable = false} : (tensor<2x3xf32>) -> tensor<2x3xf32> {
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %1 = shlo.compare %arg1, %arg2 {comparison_direction = #shlo.comparison_direction<GT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      shlo.return %1 : tensor<i1>
    }
    return %0 : tensor<2x3xf32>
  }
}
