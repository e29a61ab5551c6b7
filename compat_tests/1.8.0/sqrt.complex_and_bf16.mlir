module {
  func.func @main(%arg0: tensor<2xcomplex<f64>>, %arg1: tensor<1xbf16>) -> (tensor<2xcomplex<f64>>, tensor<1xbf16>) {
    %0 = shlo.sqrt %arg0 : tensor<2xcomplex<f64>>
    %1 = shlo.sqrt %arg1 : tensor<1xbf16>
    return %0, %1 : tensor<2xcomplex<f64>>, tensor<1xbf16>
  }
}
