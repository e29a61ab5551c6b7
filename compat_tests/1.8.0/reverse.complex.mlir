module {
  func.func @main(%arg0: tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>> {
    %0 = shlo.reverse %arg0 {dimensions = array<i64: 0>} : (tensor<3xcomplex<f64>>) -> tensor<3xcomplex<f64>>
    return %0 : tensor<3xcomplex<f64>>
  }
}
