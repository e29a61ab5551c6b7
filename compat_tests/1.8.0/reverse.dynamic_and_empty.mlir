module {
  func.func @main(%arg0: tensor<?x2xf32>) -> (tensor<?x2xf32>, tensor<?x2xf32>) {
    %0 = shlo.reverse %arg0 {dimensions = array<i64: 0>} : (tensor<?x2xf32>) -> tensor<?x2xf32>
    %1 = shlo.reverse %arg0 {dimensions = array<i64>} : (tensor<?x2xf32>) -> tensor<?x2xf32>
    return %0, %1 : tensor<?x2xf32>, tensor<?x2xf32>
  }
}
