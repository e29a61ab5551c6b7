module {
  func.func @main(%arg0: tensor<2xcomplex<f32>>) -> (tensor<2xf32>, tensor<2xcomplex<f64>>, tensor<2xi1>) {
    %0 = shlo.convert %arg0 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
    %1 = shlo.convert %arg0 : (tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f64>>
    %2 = shlo.convert %arg0 : (tensor<2xcomplex<f32>>) -> tensor<2xi1>
    return %0, %1, %2 : tensor<2xf32>, tensor<2xcomplex<f64>>, tensor<2xi1>
  }
}
