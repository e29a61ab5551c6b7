module {
  func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %0 = shlo.composite %arg0 {decomposition = @identity, name = "example.identity"} : (tensor<2xf32>) -> tensor<2xf32> {
    ^bb0(%arg1: tensor<2xf32>):
      shlo.return %arg1 : tensor<2xf32>
    }
    return %0 : tensor<2xf32>
  }
  func.func private @identity(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    return %arg0 : tensor<2xf32>
  }
}
