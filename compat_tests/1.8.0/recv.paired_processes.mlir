module {
  func.func @main(%arg0: !shlo.token) -> (tensor<2xf32>, !shlo.token) {
    %0:2 = shlo.recv %arg0 {channel_handle = #shlo.channel_handle<handle = 5, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (!shlo.token) -> (tensor<2xf32>, !shlo.token)
    return %0#0, %0#1 : tensor<2xf32>, !shlo.token
  }
}
