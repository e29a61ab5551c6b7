// fft: oracle jax.lax.fft
func.func @main() {
  %c1 = shlo.constant {value = dense<[2.379637036640661, 0.43001650777811218, 4.5686574018445576, -0.72308574587556274, 4.3575679976582471, 2.0043815483448313, -4.3763998181069974, 0.63128678125556204]> : tensor<8xf64>} : () -> tensor<8xf64>
  %c2 = shlo.constant {value = dense<[0.48031812879492353, 3.8123234132492234, -1.929063490336794, 2.7298023017826702, 3.9360883092334173, -0.8773879697775212, 2.5433148934915586, 0.37135090036227586]> : tensor<8xf64>} : () -> tensor<8xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<8xf64>, tensor<8xf64>) -> tensor<8xcomplex<f64>>
  %v4 = "shlo.fft"(%v3) {fft_type = #shlo.fft_type<IFFT>, fft_length = array<i64: 8>} : (tensor<8xcomplex<f64>>) -> tensor<8xcomplex<f64>>
  %v5 = "shlo.real"(%v4) : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
  %v6 = "shlo.imag"(%v4) : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1.1590077136924264, -0.33061430937988068, 0.83889565115432396, -1.4098193558218237, 0.57335794081669067, 0.95422616508257241, 0.797341211486013, -0.2027579803896612]> : tensor<8xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<8xf64>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1.3833433108499693, 0.63335082334759951, 0.791044006952065, -2.0150259170659583, -0.12567885055419292, 0.73897093653066559, 0.15949475176632905, -1.0851809330315538]> : tensor<8xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<8xf64>) -> ()
  func.return
}
