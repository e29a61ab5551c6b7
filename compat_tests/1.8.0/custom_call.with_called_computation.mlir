module {
  func.func @main(%arg0: tensor<2xi32>) -> tensor<2xi32> {
    %0 = shlo.custom_call %arg0 {call_target_name = "apply_twice", called_computations = [@step]} : (tensor<2xi32>) -> tensor<2xi32>
    return %0 : tensor<2xi32>
  }
  func.func private @step(%arg0: tensor<2xi32>) -> tensor<2xi32> {
    %0 = shlo.add %arg0, %arg0 : tensor<2xi32>
    return %0 : tensor<2xi32>
  }
}
