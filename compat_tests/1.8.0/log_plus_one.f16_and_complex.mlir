module {
  func.func @main(%arg0: tensor<1xf16>, %arg1: tensor<1xcomplex<f64>>) -> (tensor<1xf16>, tensor<1xcomplex<f64>>) {
    %0 = shlo.log_plus_one %arg0 : tensor<1xf16>
    %1 = shlo.log_plus_one %arg1 : tensor<1xcomplex<f64>>
    return %0, %1 : tensor<1xf16>, tensor<1xcomplex<f64>>
  }
}
