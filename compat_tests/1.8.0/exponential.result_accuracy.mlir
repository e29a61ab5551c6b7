module {
  func.func @main(%arg0: tensor<3xf64>) -> (tensor<3xf64>, tensor<3xf64>) {
    %0 = shlo.exponential %arg0 {result_accuracy = #shlo.accuracy<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #shlo.result_accuracy_mode<HIGHEST>>} : tensor<3xf64>
    %1 = shlo.exponential %arg0 {result_accuracy = #shlo.accuracy<atol = 0.000000e+00, rtol = 0.000000e+00, ulps = 0, mode = #shlo.result_accuracy_mode<DEFAULT>>} : tensor<3xf64>
    return %0, %1 : tensor<3xf64>, tensor<3xf64>
  }
}
