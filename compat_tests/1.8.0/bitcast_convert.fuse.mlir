module {
  func.func @main(%arg0: tensor<3x2xi16>) -> tensor<3xi32> {
    %0 = shlo.bitcast_convert %arg0 : (tensor<3x2xi16>) -> tensor<3xi32>
    return %0 : tensor<3xi32>
  }
}
