module {
  func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = shlo.async_start %arg0 {called_computation = @double, execution_thread = "main"} : (tensor<2xf32>) -> !shlo.future<tensor<2xf32>>
    %1 = shlo.add %arg1, %arg1 : tensor<2xf32>
    %2 = shlo.async_done %0 : (!shlo.future<tensor<2xf32>>) -> tensor<2xf32>
    return %2, %1 : tensor<2xf32>, tensor<2xf32>
  }
  func.func private @double(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %0 = shlo.add %arg0, %arg0 : tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
