module {
  func.func @main(%arg0: tensor<3x!quant.uniform<i8:f32, 1.000000e+00>>) -> tensor<3x!quant.uniform<i8:f32, 1.000000e+00>> {
    %0 = shlo.sqrt %arg0 : tensor<3x!quant.uniform<i8:f32, 1.000000e+00>>
    return %0 : tensor<3x!quant.uniform<i8:f32, 1.000000e+00>>
  }
}
