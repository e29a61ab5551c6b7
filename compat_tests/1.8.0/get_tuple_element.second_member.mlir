module {
  func.func @main(%arg0: tuple<tensor<2xf32>, tensor<i32>>) -> (tensor<i32>, tensor<2xf32>) {
    %0 = shlo.get_tuple_element %arg0 {index = 1 : i32} : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<i32>
    %1 = shlo.get_tuple_element %arg0 {index = 0 : i32} : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf32>
    return %0, %1 : tensor<i32>, tensor<2xf32>
  }
}
