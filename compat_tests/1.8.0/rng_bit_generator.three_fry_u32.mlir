module {
  func.func @main(%arg0: tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>) {
    %output_state, %output = shlo.rng_bit_generator %arg0 {rng_algorithm = #shlo.rng_algorithm<THREE_FRY>} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>)
    return %output_state, %output : tensor<2xui64>, tensor<2x3xui32>
  }
}
