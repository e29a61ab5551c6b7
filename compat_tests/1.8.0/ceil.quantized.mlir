module {
  func.func @main(%arg0: tensor<3x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<3x!quant.uniform<i8:f32, 5.000000e-01>> {
    %0 = shlo.ceil %arg0 : tensor<3x!quant.uniform<i8:f32, 5.000000e-01>>
    return %0 : tensor<3x!quant.uniform<i8:f32, 5.000000e-01>>
  }
}
