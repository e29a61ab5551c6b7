module {
  func.func @main(%arg0: tensor<3x!quant.uniform<i8:f32, 5.000000e-01:-1>>) -> tensor<3x!quant.uniform<i8:f32, 2.000000e+00>> {
    %0 = shlo.uniform_quantize %arg0 : (tensor<3x!quant.uniform<i8:f32, 5.000000e-01:-1>>) -> tensor<3x!quant.uniform<i8:f32, 2.000000e+00>>
    return %0 : tensor<3x!quant.uniform<i8:f32, 2.000000e+00>>
  }
}
