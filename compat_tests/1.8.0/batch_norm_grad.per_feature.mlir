module {
  func.func @main(%arg0: tensor<3x2xf32>, %arg1: tensor<2xf32>, %arg2: tensor<2xf32>, %arg3: tensor<2xf32>, %arg4: tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>) {
    %grad_operand, %grad_scale, %grad_offset = shlo.batch_norm_grad %arg0, %arg1, %arg2, %arg3, %arg4 {epsilon = 2.500000e-01 : f32, feature_index = 1 : i64} : (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>)
    return %grad_operand, %grad_scale, %grad_offset : tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>
  }
}
