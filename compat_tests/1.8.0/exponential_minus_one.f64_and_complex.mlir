module {
  func.func @main(%arg0: tensor<1xf64>, %arg1: tensor<1xcomplex<f32>>) -> (tensor<1xf64>, tensor<1xcomplex<f32>>) {
    %0 = shlo.exponential_minus_one %arg0 : tensor<1xf64>
    %1 = shlo.exponential_minus_one %arg1 : tensor<1xcomplex<f32>>
    return %0, %1 : tensor<1xf64>, tensor<1xcomplex<f32>>
  }
}
