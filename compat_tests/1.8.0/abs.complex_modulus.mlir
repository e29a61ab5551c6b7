module {
  func.func @main(%arg0: tensor<3xcomplex<f64>>) -> tensor<3xf64> {
    %0 = shlo.abs %arg0 : (tensor<3xcomplex<f64>>) -> tensor<3xf64>
    return %0 : tensor<3xf64>
  }
}
