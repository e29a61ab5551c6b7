module {
  func.func @main(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> tensor<3xi1> {
    %0 = shlo.compare %arg0, %arg1 {compare_type = #shlo.comparison_type<FLOAT>, comparison_direction = #shlo.comparison_direction<LT>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    return %0 : tensor<3xi1>
  }
}
