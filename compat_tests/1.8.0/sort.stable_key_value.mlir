module {
  func.func @main(%arg0: tensor<5xi32>, %arg1: tensor<5xf32>) -> (tensor<5xi32>, tensor<5xf32>) {
    %0:2 = shlo.sort %arg0, %arg1 {dimension = 0 : i64, is_stable = true} : (tensor<5xi32>, tensor<5xf32>) -> (tensor<5xi32>, tensor<5xf32>) {
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>, %arg4: tensor<f32>, %arg5: tensor<f32>):
      %1 = shlo.compare %arg2, %arg3 {comparison_direction = #shlo.comparison_direction<LT>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
      shlo.return %1 : tensor<i1>
    }
    return %0#0, %0#1 : tensor<5xi32>, tensor<5xf32>
  }
}
