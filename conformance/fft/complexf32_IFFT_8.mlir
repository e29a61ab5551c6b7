// fft: oracle jax.lax.fft
func.func @main() {
  %c1 = shlo.constant {value = dense<[-0.270685375, -0.410653442, 1.70829809, 2.82551265, -0.901893973, -1.46715438, 2.11875415, 2.05027604]> : tensor<8xf32>} : () -> tensor<8xf32>
  %c2 = shlo.constant {value = dense<[0.812511384, -0.199707568, 0.967092692, -2.13581681, 3.18584967, -1.95889223, -2.383672, -0.187983647]> : tensor<8xf32>} : () -> tensor<8xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xcomplex<f32>>
  %v4 = "shlo.fft"(%v3) {fft_type = #shlo.fft_type<IFFT>, fft_length = array<i64: 8>} : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  %v5 = "shlo.real"(%v4) : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  %v6 = "shlo.imag"(%v4) : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.706556678, -0.2984097, -6.456040e-01, 0.489560515, -4.293850e-02, -0.381479323, -0.604303836, 0.505932808]> : tensor<8xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<8xf32>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-0.237577319, 0.141587138, -1.673320e-01, -0.411113203, 0.883022785, -0.837535738, 1.52106714, -0.0796073526]> : tensor<8xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<8xf32>) -> ()
  func.return
}
