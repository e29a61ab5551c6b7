module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<i32>) -> tuple<tensor<i32>, tuple<tensor<2xf32>>> {
    %0 = shlo.tuple %arg0 : (tensor<2xf32>) -> tuple<tensor<2xf32>>
    %1 = shlo.tuple %arg1, %0 : (tensor<i32>, tuple<tensor<2xf32>>) -> tuple<tensor<i32>, tuple<tensor<2xf32>>>
    return %1 : tuple<tensor<i32>, tuple<tensor<2xf32>>>
  }
}
