module {
  func.func @main(%arg0: tensor<2x3xi32>, %arg1: tensor<i32>) -> tensor<5x7xi32> {
    %0 = shlo.pad %arg0, %arg1 {edge_padding_high = array<i64: 2, 1>, edge_padding_low = array<i64: 0, 1>, interior_padding = array<i64: 1, 1>} : (tensor<2x3xi32>, tensor<i32>) -> tensor<5x7xi32>
    return %0 : tensor<5x7xi32>
  }
}
