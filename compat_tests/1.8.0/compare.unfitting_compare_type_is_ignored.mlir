module {
  func.func @main(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<2xi8>) -> (tensor<3xi1>, tensor<2xi1>) {
    %0 = shlo.compare %arg0, %arg1 {compare_type = #shlo.comparison_type<SIGNED>, comparison_direction = #shlo.comparison_direction<LT>} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    %1 = shlo.compare %arg2, %arg2 {compare_type = #shlo.comparison_type<UNSIGNED>, comparison_direction = #shlo.comparison_direction<GE>} : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi1>
    return %0, %1 : tensor<3xi1>, tensor<2xi1>
  }
}
