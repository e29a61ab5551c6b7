module {
  shlo.mesh @mesh {axis_names = ["x"], axis_sizes = array<i64: 2>}
  func.func @main(%arg0: tensor<4xf32>) -> tensor<2xf32> {
    %0 = "shlo.manual_computation"(%arg0) <{in_shardings = [#shlo.sharding<mesh = @mesh, dims = [["x"]], open = [], priorities = [], replicated = []>], manual_axes = ["x"], out_shardings = [#shlo.sharding<mesh = @mesh, dims = [[]], open = [], priorities = [], replicated = []>]}> ({
    ^bb0(%arg1: tensor<2xf32>):
      %1 = shlo.all_reduce %arg1 {channel_handle = #shlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids = true} : (tensor<2xf32>) -> tensor<2xf32> {
      ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
        %2 = shlo.add %arg2, %arg3 : tensor<f32>
        shlo.return %2 : tensor<f32>
      }
      shlo.return %1 : tensor<2xf32>
    }) : (tensor<4xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
