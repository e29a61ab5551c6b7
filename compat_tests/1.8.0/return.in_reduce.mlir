module {
  func.func @main(%arg0: tensor<4xf32>) -> tensor<f32> {
    %0 = shlo.constant {value = dense<0xFF800000> : tensor<f32>} : () -> tensor<f32>
    %1 = shlo.reduce(%arg0), (%0) {dimensions = array<i64: 0>} : (tensor<4xf32>, tensor<f32>) -> tensor<f32> {
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = shlo.maximum %arg1, %arg2 : tensor<f32>
      shlo.return %2 : tensor<f32>
    }
    return %1 : tensor<f32>
  }
}
