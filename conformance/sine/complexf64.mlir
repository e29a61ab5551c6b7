// sine: oracle jax.lax (sin)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.05032401336967976, 0.30656496778982451, -0.65010956932524278], [-2.1889157503667263, -0.42599106565509914, -0.20843914248420578]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[3.8522893389519441, -2.6381377755439233, 0.44242352214784914], [-1.5066967882654454, 2.3979073064655854, -0.92954751346358244]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v4 = "shlo.sine"(%v3) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v5 = "shlo.real"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v6 = "shlo.imag"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.1851836986829434, 2.1213451331794286, -0.66548391170263599], [-1.9288065543127684, -2.2915391394394331, -0.30295984618314042]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[23.509968206453443, -6.633416443831635, 0.36377892667505823], [1.2430820513400407, 4.9671315793968356, -1.0461699419942003]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
