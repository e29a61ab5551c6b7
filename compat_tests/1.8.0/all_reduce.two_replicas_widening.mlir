module {
  func.func @main(%arg0: tensor<2xi8>, %arg1: tensor<i32>) -> (tensor<2xi32>, tensor<i32>) {
    %0:2 = shlo.all_reduce %arg0, %arg1 {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xi8>, tensor<i32>) -> (tensor<2xi32>, tensor<i32>) {
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %1 = shlo.add %arg2, %arg3 : tensor<i32>
      shlo.return %1 : tensor<i32>
    }
    return %0#0, %0#1 : tensor<2xi32>, tensor<i32>
  }
}
