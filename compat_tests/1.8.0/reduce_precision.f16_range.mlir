module {
  func.func @main(%arg0: tensor<5xf32>) -> tensor<5xf32> {
    %0 = shlo.reduce_precision %arg0 {exponent_bits = 5 : i32, mantissa_bits = 10 : i32} : tensor<5xf32>
    return %0 : tensor<5xf32>
  }
}
