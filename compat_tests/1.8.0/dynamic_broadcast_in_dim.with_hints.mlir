module {
  func.func @main(%arg0: tensor<1x?xf32>, %arg1: tensor<2xi32>) -> tensor<?x?xf32> {
    %0 = shlo.dynamic_broadcast_in_dim %arg0, %arg1 {broadcast_dimensions = array<i64: 0, 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64: 1>} : (tensor<1x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
    return %0 : tensor<?x?xf32>
  }
}
