module {
  func.func @main(%arg0: tensor<?xi32>, %arg1: tuple<tensor<i1>>) -> (tensor<?xi32>, tuple<tensor<i1>>) {
    %0:2 = shlo.optimization_barrier %arg0, %arg1 : (tensor<?xi32>, tuple<tensor<i1>>) -> (tensor<?xi32>, tuple<tensor<i1>>)
    return %0#0, %0#1 : tensor<?xi32>, tuple<tensor<i1>>
  }
}
