module {
  func.func @main(%arg0: tensor<2x2xi32>) -> tensor<2x2xi32> {
    %0 = shlo.all_gather %arg0 {all_gather_dim = 1 : i64, replica_groups = dense<0> : tensor<1x1xi64>} : (tensor<2x2xi32>) -> tensor<2x2xi32>
    return %0 : tensor<2x2xi32>
  }
}
