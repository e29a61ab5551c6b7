module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %0 = shlo.collective_permute %arg0 {channel_handle = #shlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
