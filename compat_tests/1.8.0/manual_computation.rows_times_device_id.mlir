module {
  shlo.mesh @mesh {axis_names = ["a", "b"], axis_sizes = array<i64: 2, 2>}
  func.func @main(%arg0: tensor<4x2xi32>) -> tensor<4x4xi32> {
    %0 = "shlo.manual_computation"(%arg0) <{in_shardings = [#shlo.sharding<mesh = @mesh, dims = [["a"], ["b"]], open = [], priorities = [], replicated = []>], manual_axes = ["a", "b"], out_shardings = [#shlo.sharding<mesh = @mesh, dims = [["a"], ["b"]], open = [], priorities = [], replicated = []>]}> ({
    ^bb0(%arg1: tensor<2x1xi32>):
      %1 = shlo.partition_id : () -> tensor<ui32>
      %2 = shlo.convert %1 : (tensor<ui32>) -> tensor<i32>
      %3 = shlo.broadcast_in_dim %2 {broadcast_dimensions = array<i64>} : (tensor<i32>) -> tensor<2x2xi32>
      %4 = shlo.concatenate %arg1, %arg1 {dimension = 1 : i64} : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
      %5 = shlo.add %4, %3 : tensor<2x2xi32>
      shlo.return %5 : tensor<2x2xi32>
    }) : (tensor<4x2xi32>) -> tensor<4x4xi32>
    return %0 : tensor<4x4xi32>
  }
}
