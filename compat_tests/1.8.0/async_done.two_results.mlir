module {
  func.func @main(%arg0: tensor<i32>, %arg1: !shlo.token) -> (tensor<i32>, !shlo.token) {
    %0 = shlo.async_start %arg0, %arg1 {called_computation = @step, execution_thread = "main"} : (tensor<i32>, !shlo.token) -> !shlo.future<tensor<i32>, !shlo.token>
    %1:2 = shlo.async_done %0 : (!shlo.future<tensor<i32>, !shlo.token>) -> (tensor<i32>, !shlo.token)
    return %1#0, %1#1 : tensor<i32>, !shlo.token
  }
  func.func private @step(%arg0: tensor<i32>, %arg1: !shlo.token) -> (tensor<i32>, !shlo.token) {
    %0 = shlo.constant {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %1 = shlo.add %arg0, %0 : tensor<i32>
    return %1, %arg1 : tensor<i32>, !shlo.token
  }
}
