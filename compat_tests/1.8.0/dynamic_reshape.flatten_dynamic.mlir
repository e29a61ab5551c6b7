module {
  func.func @main(%arg0: tensor<?x?xi16>, %arg1: tensor<1xi64>) -> tensor<?xi16> {
    %0 = shlo.dynamic_reshape %arg0, %arg1 : (tensor<?x?xi16>, tensor<1xi64>) -> tensor<?xi16>
    return %0 : tensor<?xi16>
  }
}
