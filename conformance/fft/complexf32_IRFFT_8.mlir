// fft: oracle jax.lax.fft
func.func @main() {
  %c1 = shlo.constant {value = dense<[-2.038290e+00, 0.636375904, -9.97743415, 5.93479251, 20.337183]> : tensor<5xf32>} : () -> tensor<5xf32>
  %c2 = shlo.constant {value = dense<[0.000000e+00, 4.171940e+00, 4.62853765, -4.05012417, 0.000000e+00]> : tensor<5xf32>} : () -> tensor<5xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xcomplex<f32>>
  %v4 = "shlo.fft"(%v3) {fft_type = #shlo.fft_type<IRFFT>, fft_length = array<i64: 8>} : (tensor<5xcomplex<f32>>) -> tensor<8xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1.43579519, -4.91223955, 2.72620416, -0.724697291, -1.84978902, -2.99589801, 6.8372364, -2.55490208]> : tensor<8xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<8xf32>) -> ()
  func.return
}
