module {
  func.func @main(%arg0: tensor<3xi32>, %arg1: tensor<2xi64>) -> tensor<?x3xi32> {
    %0 = shlo.dynamic_broadcast_in_dim %arg0, %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<3xi32>, tensor<2xi64>) -> tensor<?x3xi32>
    return %0 : tensor<?x3xi32>
  }
}
