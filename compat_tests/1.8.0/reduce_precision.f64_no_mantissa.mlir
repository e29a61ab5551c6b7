module {
  func.func @main(%arg0: tensor<4xf64>) -> tensor<4xf64> {
    %0 = shlo.reduce_precision %arg0 {exponent_bits = 11 : i32, mantissa_bits = 0 : i32} : tensor<4xf64>
    return %0 : tensor<4xf64>
  }
}
