module {
  func.func @main(%arg0: tensor<5xf32>) -> tensor<5x!quant.uniform<i8:f32, 5.000000e-01:-1>> {
    %0 = shlo.uniform_quantize %arg0 : (tensor<5xf32>) -> tensor<5x!quant.uniform<i8:f32, 5.000000e-01:-1>>
    return %0 : tensor<5x!quant.uniform<i8:f32, 5.000000e-01:-1>>
  }
}
