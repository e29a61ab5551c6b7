module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xf32>) {
    %0 = shlo.bitcast_convert %arg0 : (tensor<2xf32>) -> tensor<2xi32>
    %1 = shlo.bitcast_convert %arg1 : (tensor<2xi32>) -> tensor<2xf32>
    return %0, %1 : tensor<2xi32>, tensor<2xf32>
  }
}
