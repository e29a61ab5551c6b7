module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: !shlo.token) -> !shlo.token {
    %0 = shlo.send(%arg0), %arg1 {channel_handle = #shlo.channel_handle<handle = 5, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>, !shlo.token) -> !shlo.token
    return %0 : !shlo.token
  }
}
