module {
  func.func @main(%arg0: tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01:1,2.000000e+00:-1}>>) -> tensor<2x1x3x!quant.uniform<i8:f32:2, {5.000000e-01,2.500000e-01:1,2.000000e+00:-1}>> {
    %0 = shlo.reshape %arg0 : (tensor<2x3x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01:1,2.000000e+00:-1}>>) -> tensor<2x1x3x!quant.uniform<i8:f32:2, {5.000000e-01,2.500000e-01:1,2.000000e+00:-1}>>
    return %0 : tensor<2x1x3x!quant.uniform<i8:f32:2, {5.000000e-01,2.500000e-01:1,2.000000e+00:-1}>>
  }
}
