module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: !shlo.token) -> (tensor<2xf32>, !shlo.token) {
    %0:2 = shlo.while %arg0, %arg1 : (tensor<2xf32>, !shlo.token) -> (tensor<2xf32>, !shlo.token) {
    ^bb0(%arg2: tensor<2xf32>, %arg3: !shlo.token):
      %1 = shlo.constant {value = dense<false> : tensor<i1>} : () -> tensor<i1>
      shlo.return %1 : tensor<i1>
    } {
    ^bb0(%arg2: tensor<2xf32>, %arg3: !shlo.token):
      %1 = shlo.add %arg2, %arg2 : tensor<2xf32>
      shlo.return %1, %arg3 : tensor<2xf32>, !shlo.token
    }
    return %0#0, %0#1 : tensor<2xf32>, !shlo.token
  }
}
