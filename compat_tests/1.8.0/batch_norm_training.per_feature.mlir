module {
  func.func @main(%arg0: tensor<2x2xf32>, %arg1: tensor<2xf32>, %arg2: tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) {
    %output, %batch_mean, %batch_var = shlo.batch_norm_training %arg0, %arg1, %arg2 {epsilon = 0.000000e+00 : f32, feature_index = 1 : i64} : (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>)
    return %output, %batch_mean, %batch_var : tensor<2x2xf32>, tensor<2xf32>, tensor<2xf32>
  }
}
