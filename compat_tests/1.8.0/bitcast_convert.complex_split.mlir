module {
  func.func @main(%arg0: tensor<2xcomplex<f64>>) -> tensor<2x2xcomplex<f32>> {
    %0 = shlo.bitcast_convert %arg0 : (tensor<2xcomplex<f64>>) -> tensor<2x2xcomplex<f32>>
    return %0 : tensor<2x2xcomplex<f32>>
  }
}
