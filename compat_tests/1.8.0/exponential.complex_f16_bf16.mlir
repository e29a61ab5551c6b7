module {
  func.func @main(%arg0: tensor<1xcomplex<f64>>, %arg1: tensor<1xf16>, %arg2: tensor<1xbf16>) -> (tensor<1xcomplex<f64>>, tensor<1xf16>, tensor<1xbf16>) {
    %0 = shlo.exponential %arg0 : tensor<1xcomplex<f64>>
    %1 = shlo.exponential %arg1 : tensor<1xf16>
    %2 = shlo.exponential %arg2 : tensor<1xbf16>
    return %0, %1, %2 : tensor<1xcomplex<f64>>, tensor<1xf16>, tensor<1xbf16>
  }
}
