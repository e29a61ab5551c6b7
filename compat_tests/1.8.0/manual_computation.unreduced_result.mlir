module {
  shlo.mesh @mesh {axis_names = ["x"], axis_sizes = array<i64: 2>}
  func.func @main(%arg0: tensor<2x4xf32>, %arg1: tensor<4x2xf32>) -> tensor<2x2xf32> {
    %0 = "shlo.manual_computation"(%arg0, %arg1) <{in_shardings = [#shlo.sharding<mesh = @mesh, dims = [[], ["x"]], open = [], priorities = [], replicated = []>, #shlo.sharding<mesh = @mesh, dims = [["x"], []], open = [], priorities = [], replicated = []>], manual_axes = ["x"], out_shardings = [#shlo.sharding<mesh = @mesh, dims = [[], []], open = [], priorities = [], replicated = [], unreduced = ["x"]>]}> ({
    ^bb0(%arg2: tensor<2x2xf32>, %arg3: tensor<2x2xf32>):
      %1 = shlo.dot_general %arg2, %arg3 {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
      shlo.return %1 : tensor<2x2xf32>
    }) : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
    return %0 : tensor<2x2xf32>
  }
}
