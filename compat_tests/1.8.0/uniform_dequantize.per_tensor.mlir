module {
  func.func @main(%arg0: tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-1>>) -> tensor<4xf32> {
    %0 = shlo.uniform_dequantize %arg0 : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-1>>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
