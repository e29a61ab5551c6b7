module {
  func.func @main(%arg0: tensor<3x4xi64>) -> tensor<2x2xi64> {
    %0 = shlo.slice %arg0 {limit_indices = array<i64: 3, 4>, start_indices = array<i64: 0, 1>, strides = array<i64: 2, 2>} : (tensor<3x4xi64>) -> tensor<2x2xi64>
    return %0 : tensor<2x2xi64>
  }
}
