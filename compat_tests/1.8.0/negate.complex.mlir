module {
  func.func @main(%arg0: tensor<1xcomplex<f32>>) -> tensor<1xcomplex<f32>> {
    %0 = shlo.negate %arg0 : tensor<1xcomplex<f32>>
    return %0 : tensor<1xcomplex<f32>>
  }
}
