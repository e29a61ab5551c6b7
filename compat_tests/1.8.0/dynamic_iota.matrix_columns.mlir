module {
  func.func @main(%arg0: tensor<2xui32>) -> tensor<2x?xf32> {
    %0 = shlo.dynamic_iota %arg0 {iota_dimension = 1 : i64} : (tensor<2xui32>) -> tensor<2x?xf32>
    return %0 : tensor<2x?xf32>
  }
}
