module {
  func.func @main(%arg0: tensor<2xui16>, %arg1: tensor<0xui16>, %arg2: tensor<1xui16>) -> tensor<3xui16> {
    %0 = shlo.concatenate %arg0, %arg1, %arg2 {dimension = 0 : i64} : (tensor<2xui16>, tensor<0xui16>, tensor<1xui16>) -> tensor<3xui16>
    return %0 : tensor<3xui16>
  }
}
