module {
  func.func @main(%arg0: tensor<?xf32>, %arg1: tensor<i32>) -> tensor<2xf32> {
    %0 = shlo.dynamic_slice %arg0, (%arg1) {slice_sizes = array<i64: 2>} : (tensor<?xf32>, tensor<i32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
