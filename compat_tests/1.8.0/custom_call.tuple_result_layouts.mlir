module {
  func.func @main(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = shlo.custom_call %arg0 {call_target_name = "split_pair", has_side_effect = true, operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tuple<tensor<2x3xf32>, tensor<2x3xf32>>
    return %arg0 : tensor<2x3xf32>
  }
}
