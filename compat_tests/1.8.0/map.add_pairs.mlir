module {
  func.func @main(%arg0: tensor<2x2xi32>, %arg1: tensor<2x2xi32>) -> tensor<2x2xi32> {
    %0 = shlo.map %arg0, %arg1 {dimensions = array<i64: 0, 1>} : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32> {
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %1 = shlo.add %arg2, %arg3 : tensor<i32>
      shlo.return %1 : tensor<i32>
    }
    return %0 : tensor<2x2xi32>
  }
}
