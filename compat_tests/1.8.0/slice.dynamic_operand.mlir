module {
  func.func @main(%arg0: tensor<?xf16>) -> (tensor<2xf16>, tensor<0xf16>) {
    %0 = shlo.slice %arg0 {limit_indices = array<i64: 3>, start_indices = array<i64: 1>, strides = array<i64: 1>} : (tensor<?xf16>) -> tensor<2xf16>
    %1 = shlo.slice %arg0 {limit_indices = array<i64: 2>, start_indices = array<i64: 2>, strides = array<i64: 3>} : (tensor<?xf16>) -> tensor<0xf16>
    return %0, %1 : tensor<2xf16>, tensor<0xf16>
  }
}
