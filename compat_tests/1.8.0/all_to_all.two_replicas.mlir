module {
  func.func @main(%arg0: tensor<2x4xi32>) -> tensor<4x2xi32> {
    %0 = shlo.all_to_all %arg0 {concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 1 : i64} : (tensor<2x4xi32>) -> tensor<4x2xi32>
    return %0 : tensor<4x2xi32>
  }
}
