// logistic: oracle jax.lax (logistic)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.65910292, -4.98948288, -2.82981539], [1.06381202, 1.57029772, 2.70748854]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[1.32467771, 0.348509669, -0.663925767], [0.305974811, 0.149481148, 5.036180e-01]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %v4 = "shlo.logistic"(%v3) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %v5 = "shlo.real"(%v4) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v6 = "shlo.imag"(%v4) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.0731519461, 0.00636444241, 0.0455738306], [0.747809291, 0.828871489, 0.943929314]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.163492039, 0.00229582726, -0.0331716388], [0.0584939644, 0.021293994, 0.0287090093]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
