module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: !shlo.token) -> !shlo.token {
    %0 = shlo.send(%arg0), %arg1 {channel_handle = #shlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (tensor<2xf32>, !shlo.token) -> !shlo.token
    return %0 : !shlo.token
  }
}
