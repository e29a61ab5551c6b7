module {
  func.func @main(%arg0: tensor<i32>, %arg1: tensor<2xi32>) -> tensor<2xi32> {
    %0 = shlo.case %arg0 : (tensor<i32>) -> tensor<2xi32> {
      %1 = shlo.add %arg1, %arg1 : tensor<2xi32>
      shlo.return %1 : tensor<2xi32>
    }, {
      shlo.return %arg1 : tensor<2xi32>
    }
    return %0 : tensor<2xi32>
  }
}
