module {
  func.func @main(%arg0: tensor<?x1xf32>) -> tensor<2x2x3xf32> {
    %0 = shlo.broadcast_in_dim %arg0 {broadcast_dimensions = array<i64: 0, 2>} : (tensor<?x1xf32>) -> tensor<2x2x3xf32>
    return %0 : tensor<2x2x3xf32>
  }
}
