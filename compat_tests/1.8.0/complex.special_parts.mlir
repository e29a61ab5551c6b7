module {
  func.func @main(%arg0: tensor<2xf64>, %arg1: tensor<2xf64>) -> tensor<2xcomplex<f64>> {
    %0 = shlo.complex %arg0, %arg1 : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xcomplex<f64>>
    return %0 : tensor<2xcomplex<f64>>
  }
}
