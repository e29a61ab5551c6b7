module {
  func.func @main(%arg0: tensor<2xcomplex<f32>>, %arg1: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
    %0 = shlo.maximum %arg0, %arg1 : tensor<2xcomplex<f32>>
    return %0 : tensor<2xcomplex<f32>>
  }
}
