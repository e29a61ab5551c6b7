module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %0 = shlo.all_reduce %arg0 {channel_handle = #shlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 3], [1, 2]]> : tensor<2x2xi64>, use_global_device_ids = true} : (tensor<2xf32>) -> tensor<2xf32> {
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %1 = shlo.add %arg1, %arg2 : tensor<f32>
      shlo.return %1 : tensor<f32>
    }
    return %0 : tensor<2xf32>
  }
}
