module {
  func.func @main(%arg0: tensor<2x1xi1>) -> tensor<2x2xi1> {
    %0 = shlo.broadcast_in_dim %arg0 {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x1xi1>) -> tensor<2x2xi1>
    return %0 : tensor<2x2xi1>
  }
}
