// exponential: oracle jax.lax (exp)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.3769609492388519, -1.6839397928907178, 2.2674669959450622], [-0.62628402325646737, 2.9095830228006987, -0.98403881023410777]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[-1.3667579312539846, 0.10331447794959987, -0.59728067184644018], [-1.0056675418888559, 0.070542101344886241, -2.3905511406784368]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v4 = "shlo.exponential"(%v3) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v5 = "shlo.real"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v6 = "shlo.imag"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.802972826396393, 0.18465127089340305, 7.9833394216946179], [0.286277829192774, 18.303510324992192, -0.27323856754355763]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3.8806360042867256, 0.019145316455615586, -5.4298852361247496], [-0.45145873305329826, 1.2933140503099523, -0.25508016049344395]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
