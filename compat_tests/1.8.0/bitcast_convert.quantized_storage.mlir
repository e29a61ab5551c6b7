module {
  func.func @main(%arg0: tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<2xi8> {
    %0 = shlo.bitcast_convert %arg0 : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<2xi8>
    return %0 : tensor<2xi8>
  }
}
