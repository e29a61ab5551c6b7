module {
  func.func @main() -> tensor<4xf64> {
    %0 = shlo.constant {value = dense<1.000000e+01> : tensor<f64>} : () -> tensor<f64>
    %1 = shlo.constant {value = dense<2.000000e+00> : tensor<f64>} : () -> tensor<f64>
    %2 = shlo.constant {value = dense<4> : tensor<1xi64>} : () -> tensor<1xi64>
    %3 = shlo.rng %0, %1, %2 {rng_distribution = #shlo.rng_distribution<NORMAL>} : (tensor<f64>, tensor<f64>, tensor<1xi64>) -> tensor<4xf64>
    return %3 : tensor<4xf64>
  }
}
