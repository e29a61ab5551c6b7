module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32> {
    %0 = shlo.composite %arg0, %arg1 {composite_attributes = {note = "x + x + y"}, decomposition = @double_add, name = "example.double_add", version = 1 : i32} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
  func.func private @double_add(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> tensor<2xf32> {
    %0 = shlo.add %arg0, %arg0 : tensor<2xf32>
    %1 = shlo.add %0, %arg1 : tensor<2xf32>
    return %1 : tensor<2xf32>
  }
}
