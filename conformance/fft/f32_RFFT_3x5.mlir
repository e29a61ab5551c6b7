// fft: oracle jax.lax.fft
func.func @main() {
  %c1 = shlo.constant {value = dense<[[7.82960558, 2.80195761, 4.01468801, -4.82105732, -0.655503273], [-0.856101632, 4.10691404, -4.700100e+00, 0.65926218, 2.15714669], [4.4380188, -4.15203524, -5.6017828, -1.89246011, 3.79645276]]> : tensor<3x5xf32>} : () -> tensor<3x5xf32>
  %v2 = "shlo.fft"(%c1) {fft_type = #shlo.fft_type<RFFT>, fft_length = array<i64: 5>} : (tensor<3x5xf32>) -> tensor<3x3xcomplex<f32>>
  %v3 = "shlo.real"(%v2) : (tensor<3x3xcomplex<f32>>) -> tensor<3x3xf32>
  %v4 = "shlo.imag"(%v2) : (tensor<3x3xcomplex<f32>>) -> tensor<3x3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[9.16969108, 9.14526271, 5.84390593], [1.3671217, 4.34870625, -7.17252111], [-3.41180611, 10.3911076, 2.40984249]]> : tensor<3x3xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x3xf32>) -> ()
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.000000e+00, -8.48176097, 6.37104797], [0.000000e+00, 1.29581487, -6.24310112], [0.000000e+00, 9.73974704, 1.1442287]]> : tensor<3x3xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x3xf32>) -> ()
  func.return
}
