module {
  func.func @main(%arg0: tensor<3xi32>) -> (tensor<3xf32>, tensor<3xcomplex<f64>>) {
    %0 = shlo.convert %arg0 : (tensor<3xi32>) -> tensor<3xf32>
    %1 = shlo.convert %arg0 : (tensor<3xi32>) -> tensor<3xcomplex<f64>>
    return %0, %1 : tensor<3xf32>, tensor<3xcomplex<f64>>
  }
}
