module {
  func.func @main(%arg0: tensor<?x2xf32>, %arg1: tensor<?x1xf32>) -> tensor<?x3xf32> {
    %0 = shlo.concatenate %arg0, %arg1 {dimension = 1 : i64} : (tensor<?x2xf32>, tensor<?x1xf32>) -> tensor<?x3xf32>
    return %0 : tensor<?x3xf32>
  }
}
