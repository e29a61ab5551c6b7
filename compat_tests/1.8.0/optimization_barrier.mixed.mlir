module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<i64>, %arg2: !shlo.token) -> (tensor<2xf32>, tensor<i64>, !shlo.token) {
    %0:3 = shlo.optimization_barrier %arg0, %arg1, %arg2 : (tensor<2xf32>, tensor<i64>, !shlo.token) -> (tensor<2xf32>, tensor<i64>, !shlo.token)
    return %0#0, %0#1, %0#2 : tensor<2xf32>, tensor<i64>, !shlo.token
  }
}
