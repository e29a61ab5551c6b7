module {
  func.func @main(%arg0: tensor<2x3xi32>) -> tensor<2xi32> {
    %0 = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
    %1 = shlo.reduce(%arg0), (%0) {dimensions = array<i64: 1>} : (tensor<2x3xi32>, tensor<i32>) -> tensor<2xi32> {
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = shlo.add %arg1, %arg2 : tensor<i32>
      shlo.return %2 : tensor<i32>
    }
    return %1 : tensor<2xi32>
  }
}
