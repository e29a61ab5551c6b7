module {
  func.func @main(%arg0: tensor<2xui8>, %arg1: tensor<2xui8>) -> tensor<2xi1> {
    %0 = shlo.compare %arg0, %arg1 {comparison_direction = #shlo.comparison_direction<GT>} : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xi1>
    return %0 : tensor<2xi1>
  }
}
