module {
  func.func @main(%arg0: tensor<3x3xi32>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<2x2xi32> {
    %0 = shlo.dynamic_slice %arg0, (%arg1, %arg2) {slice_sizes = array<i64: 2, 2>} : (tensor<3x3xi32>, tensor<i64>, tensor<i64>) -> tensor<2x2xi32>
    return %0 : tensor<2x2xi32>
  }
}
