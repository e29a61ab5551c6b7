module {
  func.func @main(%arg0: tensor<2xcomplex<f64>>, %arg1: tensor<2xcomplex<f64>>) -> tensor<2xcomplex<f64>> {
    %0 = shlo.minimum %arg0, %arg1 : tensor<2xcomplex<f64>>
    return %0 : tensor<2xcomplex<f64>>
  }
}
