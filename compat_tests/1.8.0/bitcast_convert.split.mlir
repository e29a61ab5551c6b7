module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<ui32>) -> (tensor<2x4xi8>, tensor<4xui8>) {
    %0 = shlo.bitcast_convert %arg0 : (tensor<2xf32>) -> tensor<2x4xi8>
    %1 = shlo.bitcast_convert %arg1 : (tensor<ui32>) -> tensor<4xui8>
    return %0, %1 : tensor<2x4xi8>, tensor<4xui8>
  }
}
