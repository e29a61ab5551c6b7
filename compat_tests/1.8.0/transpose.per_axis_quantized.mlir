module {
  func.func @main(%arg0: tensor<2x3x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01:1}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01:1}>> {
    %0 = shlo.transpose %arg0 {permutation = array<i64: 1, 0>} : (tensor<2x3x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01:1}>>) -> tensor<3x2x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01:1}>>
    return %0 : tensor<3x2x!quant.uniform<i8:f32:1, {5.000000e-01,2.500000e-01:1}>>
  }
}
