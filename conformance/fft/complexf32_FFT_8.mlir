// fft: oracle jax.lax.fft
func.func @main() {
  %c1 = shlo.constant {value = dense<[-0.270685375, -0.410653442, 1.70829809, 2.82551265, -0.901893973, -1.46715438, 2.11875415, 2.05027604]> : tensor<8xf32>} : () -> tensor<8xf32>
  %c2 = shlo.constant {value = dense<[0.812511384, -0.199707568, 0.967092692, -2.13581681, 3.18584967, -1.95889223, -2.383672, -0.187983647]> : tensor<8xf32>} : () -> tensor<8xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xcomplex<f32>>
  %v4 = "shlo.fft"(%v3) {fft_type = #shlo.fft_type<FFT>, fft_length = array<i64: 8>} : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  %v5 = "shlo.real"(%v4) : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  %v6 = "shlo.imag"(%v4) : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[5.65245342, 4.04746246, -4.83443069, -3.05183458, -3.435080e-01, 3.91648412, -5.16483212, -2.3872776]> : tensor<8xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<8xf32>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1.90061855, -0.636858821, 12.1685371, -6.70028591, 7.06418228, -3.28890562, -1.33865595, 1.13269711]> : tensor<8xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<8xf32>) -> ()
  func.return
}
