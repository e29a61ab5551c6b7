module {
  func.func @main(%arg0: tensor<f32>, %arg1: tensor<5xf32>, %arg2: tensor<f32>) -> tensor<5xf32> {
    %0 = shlo.clamp %arg0, %arg1, %arg2 : (tensor<f32>, tensor<5xf32>, tensor<f32>) -> tensor<5xf32>
    return %0 : tensor<5xf32>
  }
}
