module {
  func.func @main(%arg0: tensor<?xf64>, %arg1: tensor<1xcomplex<f32>>) -> (tensor<?xf64>, tensor<1xcomplex<f32>>) {
    %0 = shlo.tanh %arg0 : tensor<?xf64>
    %1 = shlo.tanh %arg1 : tensor<1xcomplex<f32>>
    return %0, %1 : tensor<?xf64>, tensor<1xcomplex<f32>>
  }
}
