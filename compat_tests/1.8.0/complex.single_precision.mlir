module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xcomplex<f32>> {
    %0 = shlo.complex %arg0, %arg1 : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xcomplex<f32>>
    return %0 : tensor<2xcomplex<f32>>
  }
}
