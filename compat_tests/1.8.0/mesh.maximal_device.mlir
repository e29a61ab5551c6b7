module {
  shlo.mesh @on_device_3 {axis_names = [], axis_sizes = array<i64>, device_ids = array<i64: 3>}
  func.func @main(%arg0: tensor<2xi32> {shlo.sharding = #shlo.sharding<mesh = @on_device_3, dims = [[]], open = [], priorities = [], replicated = []>}) -> tensor<2xi32> {
    return %arg0 : tensor<2xi32>
  }
}
