module {
  func.func @main(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> tensor<3xi1> {
    %0 = shlo.map %arg0, %arg1 {dimensions = array<i64: 0>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1> {
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %1 = shlo.compare %arg2, %arg3 {comparison_direction = #shlo.comparison_direction<GT>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
      shlo.return %1 : tensor<i1>
    }
    return %0 : tensor<3xi1>
  }
}
