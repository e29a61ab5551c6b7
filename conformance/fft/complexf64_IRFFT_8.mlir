// fft: oracle jax.lax.fft
func.func @main() {
  %c1 = shlo.constant {value = dense<[5.5866257717102936, -18.956087310966531, -13.215174342063255, -5.8862086291626188, 0.11387687826873183]> : tensor<5xf64>} : () -> tensor<5xf64>
  %c2 = shlo.constant {value = dense<[0.000000e+00, 6.7419765028782095, -12.127420578470694, 8.135476435984458, 0.000000e+00]> : tensor<5xf64>} : () -> tensor<5xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<5xf64>, tensor<5xf64>) -> tensor<5xcomplex<f64>>
  %v4 = "shlo.fft"(%v3) {fft_type = #shlo.fft_type<IRFFT>, fft_length = array<i64: 8>} : (tensor<5xcomplex<f64>>) -> tensor<8xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-8.8018047393007226, -1.2244881699627728, 4.3647314000397541, -2.6672985366035986, 3.6193432307638513, 8.6563856825585113, 3.6679814334866299, -2.0282245292713581]> : tensor<8xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<8xf64>) -> ()
  func.return
}
