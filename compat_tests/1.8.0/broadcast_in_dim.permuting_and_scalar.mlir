module {
  func.func @main(%arg0: tensor<2x3xui8>, %arg1: tensor<f64>) -> (tensor<3x2xui8>, tensor<2x2xf64>) {
    %0 = shlo.broadcast_in_dim %arg0 {broadcast_dimensions = array<i64: 1, 0>} : (tensor<2x3xui8>) -> tensor<3x2xui8>
    %1 = shlo.broadcast_in_dim %arg1 {broadcast_dimensions = array<i64>} : (tensor<f64>) -> tensor<2x2xf64>
    return %0, %1 : tensor<3x2xui8>, tensor<2x2xf64>
  }
}
