module {
  func.func @main(%arg0: tensor<i1>, %arg1: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
    %0:2 = shlo.if %arg0 : (tensor<i1>) -> (tensor<f32>, tensor<f32>) {
      shlo.return %arg1, %arg1 : tensor<f32>, tensor<f32>
    } {
      %1 = shlo.constant {value = dense<7.000000e+00> : tensor<f32>} : () -> tensor<f32>
      %2 = shlo.add %arg1, %1 : tensor<f32>
      shlo.return %1, %2 : tensor<f32>, tensor<f32>
    }
    return %0#0, %0#1 : tensor<f32>, tensor<f32>
  }
}
