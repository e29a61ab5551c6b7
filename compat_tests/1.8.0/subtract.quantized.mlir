module {
  func.func @main(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>, %arg1: tensor<2x!quant.uniform<i8:f32, 2.500000e-01>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01>> {
    %0 = shlo.subtract %arg0, %arg1 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>, tensor<2x!quant.uniform<i8:f32, 2.500000e-01>>) -> tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
    return %0 : tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>
  }
}
