module {
  func.func @main(%arg0: tensor<1xindex>) -> tensor<?xi32> {
    %0 = shlo.dynamic_iota %arg0 {iota_dimension = 0 : i64} : (tensor<1xindex>) -> tensor<?xi32>
    return %0 : tensor<?xi32>
  }
}
