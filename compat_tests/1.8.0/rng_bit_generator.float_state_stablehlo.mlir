module {
  func.func @main(%arg0: tensor<f32>) -> (tensor<f32>, tensor<2xui32>) {
    %output_state, %output = shlo.rng_bit_generator %arg0 {rng_algorithm = #shlo.rng_algorithm<PHILOX>} : (tensor<f32>) -> (tensor<f32>, tensor<2xui32>)
    return %output_state, %output : tensor<f32>, tensor<2xui32>
  }
}
