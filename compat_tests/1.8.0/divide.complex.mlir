module {
  func.func @main(%arg0: tensor<1xcomplex<f64>>, %arg1: tensor<1xcomplex<f64>>) -> tensor<1xcomplex<f64>> {
    %0 = shlo.divide %arg0, %arg1 : tensor<1xcomplex<f64>>
    return %0 : tensor<1xcomplex<f64>>
  }
}
