module {
  func.func @main(%arg0: !shlo.token) -> (tensor<3x4xi32>, !shlo.token) {
    %0:2 = shlo.recv %arg0 {channel_handle = #shlo.channel_handle<handle = 5, type = 3>, is_host_transfer = true} : (!shlo.token) -> (tensor<3x4xi32>, !shlo.token)
    return %0#0, %0#1 : tensor<3x4xi32>, !shlo.token
  }
}
