module {
  func.func @main(%arg0: !shlo.token) -> (tensor<2x2xf32>, tensor<i32>, !shlo.token) {
    %0:3 = shlo.infeed %arg0 {infeed_config = ""} : (!shlo.token) -> (tensor<2x2xf32>, tensor<i32>, !shlo.token)
    return %0#0, %0#1, %0#2 : tensor<2x2xf32>, tensor<i32>, !shlo.token
  }
}
