module {
  func.func @main(%arg0: tensor<3xui64>) -> (tensor<3xui64>, tensor<3xui64>) {
    %output_state, %output = shlo.rng_bit_generator %arg0 {rng_algorithm = #shlo.rng_algorithm<PHILOX>} : (tensor<3xui64>) -> (tensor<3xui64>, tensor<3xui64>)
    return %output_state, %output : tensor<3xui64>, tensor<3xui64>
  }
}
