// fft: oracle jax.lax.fft
func.func @main() {
  %c1 = shlo.constant {value = dense<[2.379637036640661, 0.43001650777811218, 4.5686574018445576, -0.72308574587556274, 4.3575679976582471, 2.0043815483448313, -4.3763998181069974, 0.63128678125556204]> : tensor<8xf64>} : () -> tensor<8xf64>
  %c2 = shlo.constant {value = dense<[0.48031812879492353, 3.8123234132492234, -1.929063490336794, 2.7298023017826702, 3.9360883092334173, -0.8773879697775212, 2.5433148934915586, 0.37135090036227586]> : tensor<8xf64>} : () -> tensor<8xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<8xf64>, tensor<8xf64>) -> tensor<8xcomplex<f64>>
  %v4 = "shlo.fft"(%v3) {fft_type = #shlo.fft_type<FFT>, fft_length = array<i64: 8>} : (tensor<8xcomplex<f64>>) -> tensor<8xcomplex<f64>>
  %v5 = "shlo.real"(%v4) : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
  %v6 = "shlo.imag"(%v4) : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[9.2720617095394111, -1.6220638431172896, 6.378729691888104, 7.6338093206605792, 4.5868635265335254, -11.27855484657459, 6.7111652092345917, -2.6449144750390454]> : tensor<8xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<8xf64>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[11.066746486799754, -8.6814474642524306, 1.2759580141306324, 5.9117674922453247, -1.0054308044335434, -16.120207336527667, 6.32835205561652, 5.0668065867807961]> : tensor<8xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<8xf64>) -> ()
  func.return
}
