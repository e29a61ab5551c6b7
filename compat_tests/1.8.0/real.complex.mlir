module {
  func.func @main(%arg0: tensor<2xcomplex<f32>>) -> tensor<2xf32> {
    %0 = shlo.real %arg0 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
