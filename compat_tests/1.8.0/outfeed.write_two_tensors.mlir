module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<i32>, %arg2: !shlo.token) -> !shlo.token {
    %0 = shlo.outfeed(%arg0, %arg1), %arg2 {outfeed_config = ""} : (tensor<2xf32>, tensor<i32>, !shlo.token) -> !shlo.token
    return %0 : !shlo.token
  }
}
