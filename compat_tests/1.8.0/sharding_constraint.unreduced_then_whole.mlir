module {
  shlo.mesh @mesh {axis_names = ["x", "y"], axis_sizes = array<i64: 2, 2>}
  func.func @main(%arg0: tensor<2x4xf32>, %arg1: tensor<4x2xf32>) -> tensor<2x2xf32> {
    %0 = shlo.dot_general %arg0, %arg1 {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<2x4xf32>, tensor<4x2xf32>) -> tensor<2x2xf32>
    %1 = shlo.sharding_constraint %0 {sharding = #shlo.sharding<mesh = @mesh, dims = [["y"], []], open = [], priorities = [], replicated = [], unreduced = ["x"]>} : tensor<2x2xf32>
    %2 = shlo.sharding_constraint %1 {sharding = #shlo.sharding<mesh = @mesh, dims = [[], []], open = [], priorities = [], replicated = []>} : tensor<2x2xf32>
    return %2 : tensor<2x2xf32>
  }
}
