module {
  func.func @main(%arg0: tensor<6xf32>) -> tensor<6xf32> {
    %0 = shlo.reduce_precision %arg0 {exponent_bits = 8 : i32, mantissa_bits = 7 : i32} : tensor<6xf32>
    return %0 : tensor<6xf32>
  }
}
