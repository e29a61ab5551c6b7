// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[2.0200491, -3.28710055, -1.130054, 2.11860967]> : tensor<4xf32>} : () -> tensor<4xf32>
  %c2 = shlo.constant {value = dense<[-0.669453859, -1.41554677, 2.74084949, 1.04021788]> : tensor<4xf32>} : () -> tensor<4xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[2.40840507, -0.895404875, 1.82458484, 2.46313548]> : tensor<4xf32>} : () -> tensor<4xf32>
  %c5 = shlo.constant {value = dense<[2.15989184, -0.0654521435, -3.78149414, 0.429049313]> : tensor<4xf32>} : () -> tensor<4xf32>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>
  %v7 = "shlo.dot_general"(%v3, %v6) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<complex<f32>>
  %v8 = "shlo.real"(%v7) : (tensor<complex<f32>>) -> tensor<f32>
  %v9 = "shlo.imag"(%v7) : (tensor<complex<f32>>) -> tensor<f32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<22.2364235> : tensor<f32>, rtol = 8.000e-06 : f64, atol = 2.000e-06 : f64}} : (tensor<f32>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<16.9787979> : tensor<f32>, rtol = 8.000e-06 : f64, atol = 2.000e-06 : f64}} : (tensor<f32>) -> ()
  func.return
}
