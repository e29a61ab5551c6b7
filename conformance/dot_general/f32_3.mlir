// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.749428451, 0.806540668, -0.347852439], [-3.617970e-01, -0.301885217, -0.0541278087]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[0.517213881, -0.616477609, 0.199596971, -0.0879803821]> : tensor<4xf32>} : () -> tensor<4xf32>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [], rhs_contracting_dimensions = []>} : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[0.387614787, -0.462005854, 0.149583653, -6.593500e-02], [0.417154044, -0.497214258, 0.160983071, -0.0709597543], [-0.179914117, 0.214443237, -0.0694302917, 0.0306041911]], [[-0.187126428, 0.223039746, -0.0722135827, 0.0318310373], [-0.156139225, 0.186105475, -0.0602553748, 0.0265599769], [-0.0279956535, 0.0333685838, -0.010803747, 0.00476218527]]]> : tensor<2x3x4xf32>, rtol = 8.000e-06 : f64, atol = 2.000e-06 : f64}} : (tensor<2x3x4xf32>) -> ()
  func.return
}
