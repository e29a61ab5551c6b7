module {
  func.func @main(%arg0: tensor<?x3xf32>) -> (tensor<i32>, tensor<i32>) {
    %0 = shlo.get_dimension_size %arg0 {dimension = 0 : i64} : (tensor<?x3xf32>) -> tensor<i32>
    %1 = shlo.get_dimension_size %arg0 {dimension = 1 : i64} : (tensor<?x3xf32>) -> tensor<i32>
    return %0, %1 : tensor<i32>, tensor<i32>
  }
}
