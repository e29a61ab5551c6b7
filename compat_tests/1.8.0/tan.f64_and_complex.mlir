module {
  func.func @main(%arg0: tensor<2xf64>, %arg1: tensor<1xcomplex<f32>>) -> (tensor<2xf64>, tensor<1xcomplex<f32>>) {
    %0 = shlo.tan %arg0 : tensor<2xf64>
    %1 = shlo.tan %arg1 : tensor<1xcomplex<f32>>
    return %0, %1 : tensor<2xf64>, tensor<1xcomplex<f32>>
  }
}
