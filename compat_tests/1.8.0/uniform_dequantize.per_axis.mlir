module {
  func.func @main(%arg0: tensor<2x2x!quant.uniform<i8:f32:1, {5.000000e-01,2.000000e+00:1}>>) -> tensor<2x2xf32> {
    %0 = shlo.uniform_dequantize %arg0 : (tensor<2x2x!quant.uniform<i8:f32:1, {5.000000e-01,2.000000e+00:1}>>) -> tensor<2x2xf32>
    return %0 : tensor<2x2xf32>
  }
}
