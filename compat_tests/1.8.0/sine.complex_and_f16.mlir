module {
  func.func @main(%arg0: tensor<1xcomplex<f64>>, %arg1: tensor<1xf16>) -> (tensor<1xcomplex<f64>>, tensor<1xf16>) {
    %0 = shlo.sine %arg0 : tensor<1xcomplex<f64>>
    %1 = shlo.sine %arg1 : tensor<1xf16>
    return %0, %1 : tensor<1xcomplex<f64>>, tensor<1xf16>
  }
}
