module {
  func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<f32>) -> tensor<7xf32> {
    %0 = shlo.pad %arg0, %arg1 {edge_padding_high = array<i64: 1>, edge_padding_low = array<i64: -1>, interior_padding = array<i64: 1>} : (tensor<4xf32>, tensor<f32>) -> tensor<7xf32>
    return %0 : tensor<7xf32>
  }
}
