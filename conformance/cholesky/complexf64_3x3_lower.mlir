// cholesky: oracle jax.lax.linalg.cholesky; only the selected triangle is compared (other is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[10.521035440794533, 7.006999010248455, 0.37884503525277657], [7.006999010248455, 12.798734679189035, 5.2036366061709085], [0.37884503525277657, 5.2036366061709085, 27.845175020290796]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %c2 = shlo.constant {value = dense<[[0.000000e+00, 2.9213277443896084, 4.6388643963275031], [-2.9213277443896084, 0.000000e+00, 9.6810459380366964], [-4.6388643963275031, -9.6810459380366964, 0.000000e+00]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xcomplex<f64>>
  %v4 = "shlo.cholesky"(%v3) {lower = true} : (tensor<3x3xcomplex<f64>>) -> tensor<3x3xcomplex<f64>>
  %c5 = shlo.constant {value = dense<[[true, false, false], [true, true, false], [true, true, true]]> : tensor<3x3xi1>} : () -> tensor<3x3xi1>
  %c6 = shlo.constant {value = dense<0.000000e+00> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %c7 = shlo.constant {value = dense<0.000000e+00> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v8 = "shlo.complex"(%c6, %c7) : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xcomplex<f64>>
  %v9 = "shlo.select"(%c5, %v4, %v8) : (tensor<3x3xi1>, tensor<3x3xcomplex<f64>>, tensor<3x3xcomplex<f64>>) -> tensor<3x3xcomplex<f64>>
  %v10 = "shlo.real"(%v9) : (tensor<3x3xcomplex<f64>>) -> tensor<3x3xf64>
  %v11 = "shlo.imag"(%v9) : (tensor<3x3xcomplex<f64>>) -> tensor<3x3xf64>
  "shlo.custom_call"(%v10) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3.2436145641543992, 0.000000e+00, 0.000000e+00], [2.1602440338268609, 2.7057214736330675, 0.000000e+00], [0.11679718035534853, 1.3538991319472773, 4.2222444864214248]]> : tensor<3x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<3x3xf64>) -> ()
  "shlo.custom_call"(%v11) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.000000e+00, 0.000000e+00, 0.000000e+00], [-0.90063960640501994, 0.000000e+00, 0.000000e+00], [-1.4301527831303351, -2.475036382207882, 0.000000e+00]]> : tensor<3x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<3x3xf64>) -> ()
  func.return
}
