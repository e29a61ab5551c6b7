func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "shlo.custom_call"(%a) {call_target_name = "my_kernel"} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
