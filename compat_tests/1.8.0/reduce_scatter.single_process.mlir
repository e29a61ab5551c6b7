module {
  func.func @main(%arg0: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %0 = shlo.reduce_scatter %arg0 {replica_groups = dense<0> : tensor<1x1xi64>, scatter_dimension = 1 : i64} : (tensor<2x2xf32>) -> tensor<2x2xf32> {
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %1 = shlo.add %arg1, %arg2 : tensor<f32>
      shlo.return %1 : tensor<f32>
    }
    return %0 : tensor<2x2xf32>
  }
}
