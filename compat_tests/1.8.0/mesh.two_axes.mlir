module {
  shlo.mesh @mesh {axis_names = ["data", "model"], axis_sizes = array<i64: 4, 2>}
  func.func @main(%arg0: tensor<8x4xf32> {shlo.sharding = #shlo.sharding<mesh = @mesh, dims = [["data"], ["model"]], open = [], priorities = [], replicated = []>}) -> tensor<8x4xf32> {
    return %arg0 : tensor<8x4xf32>
  }
}
