module {
  func.func @main() -> tensor<2x3xf32> {
    %0 = shlo.constant {value = dense<0.000000e+00> : tensor<f32>} : () -> tensor<f32>
    %1 = shlo.constant {value = dense<1.000000e+00> : tensor<f32>} : () -> tensor<f32>
    %2 = shlo.constant {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
    %3 = shlo.rng %0, %1, %2 {rng_distribution = #shlo.rng_distribution<UNIFORM>} : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<2x3xf32>
    return %3 : tensor<2x3xf32>
  }
}
