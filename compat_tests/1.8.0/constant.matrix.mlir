module {
  func.func @main() -> tensor<2x2xf32> {
    %0 = shlo.constant {value = dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
    return %0 : tensor<2x2xf32>
  }
}
