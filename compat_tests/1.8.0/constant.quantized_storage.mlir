module {
  func.func @main() -> tensor<3x!quant.uniform<i8:f32, 5.000000e-01:2>> {
    %0 = shlo.constant {value = dense<[2, 4, -128]> : tensor<3xi8>} : () -> tensor<3x!quant.uniform<i8:f32, 5.000000e-01:2>>
    return %0 : tensor<3x!quant.uniform<i8:f32, 5.000000e-01:2>>
  }
}
