module {
  func.func @main(%arg0: tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui32>) {
    %output_state, %output = shlo.rng_bit_generator %arg0 {rng_algorithm = #shlo.rng_algorithm<PHILOX>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui32>)
    return %output_state, %output : tensor<2xui64>, tensor<5xui32>
  }
}
