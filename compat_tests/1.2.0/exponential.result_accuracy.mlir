module {
  func.func @main(%arg0: tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>) {
    %0 = shlo.exponential %arg0 {result_accuracy = #shlo.result_accuracy<HIGHEST>} : tensor<3xf64>
    %1 = shlo.exponential %arg0 {result_accuracy = #shlo.result_accuracy<DEFAULT>} : tensor<3xf64>
    return %0, %1 : tensor<3xf64>, tensor<3xf64>
  }
}
