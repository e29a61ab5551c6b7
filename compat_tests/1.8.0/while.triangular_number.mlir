module {
  func.func @main(%arg0: tensor<i64>) -> tensor<i64> {
    %0 = shlo.constant {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %1 = shlo.constant {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %2:2 = shlo.while %0, %0 : (tensor<i64>, tensor<i64>) -> (tensor<i64>, tensor<i64>) {
    ^bb0(%arg1: tensor<i64>, %arg2: tensor<i64>):
      %3 = shlo.compare %arg1, %arg0 {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<i64>, tensor<i64>) -> tensor<i1>
      shlo.return %3 : tensor<i1>
    } {
    ^bb0(%arg1: tensor<i64>, %arg2: tensor<i64>):
      %3 = shlo.add %arg1, %1 : tensor<i64>
      %4 = shlo.add %arg2, %3 : tensor<i64>
      shlo.return %3, %4 : tensor<i64>, tensor<i64>
    }
    return %2#1 : tensor<i64>
  }
}
