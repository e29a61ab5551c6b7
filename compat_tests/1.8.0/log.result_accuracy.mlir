module {
  func.func @main(%arg0: tensor<7xf32>) -> tensor<7xf32> {
    %0 = shlo.log %arg0 {result_accuracy = #shlo.accuracy<atol = 9.9999999999999995E-7, rtol = 0.000000e+00, ulps = 2, mode = #shlo.result_accuracy_mode<TOLERANCE>>} : tensor<7xf32>
    return %0 : tensor<7xf32>
  }
}
