module {
  shlo.mesh @mesh {axis_names = ["data"], axis_sizes = array<i64: 2>}
  func.func @main(%arg0: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %0 = shlo.sharding_constraint %arg0 {sharding = #shlo.sharding<mesh = @mesh, dims = [["data"], []], open = [1], priorities = [], replicated = []>} : tensor<2x2xf32>
    return %0 : tensor<2x2xf32>
  }
}
