// cholesky: oracle jax.lax.linalg.cholesky; only the selected triangle is compared (other is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[35.1924706, 5.2565484, -12.2862816], [5.2565484, 20.1308022, -10.0951128], [-12.2862816, -10.0951128, 33.308342]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %c2 = shlo.constant {value = dense<[[0.000000e+00, 4.22759771, -10.8812075], [-4.22759771, 0.000000e+00, -14.3652697], [10.8812075, 14.3652697, 0.000000e+00]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xcomplex<f32>>
  %v4 = "shlo.cholesky"(%v3) {lower = true} : (tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
  %c5 = shlo.constant {value = dense<[[true, false, false], [true, true, false], [true, true, true]]> : tensor<3x3xi1>} : () -> tensor<3x3xi1>
  %c6 = shlo.constant {value = dense<0.000000e+00> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %c7 = shlo.constant {value = dense<0.000000e+00> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %v8 = "shlo.complex"(%c6, %c7) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xcomplex<f32>>
  %v9 = "shlo.select"(%c5, %v4, %v8) : (tensor<3x3xi1>, tensor<3x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>) -> tensor<3x3xcomplex<f32>>
  %v10 = "shlo.real"(%v9) : (tensor<3x3xcomplex<f32>>) -> tensor<3x3xf32>
  %v11 = "shlo.imag"(%v9) : (tensor<3x3xcomplex<f32>>) -> tensor<3x3xf32>
  "shlo.custom_call"(%v10) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[5.9323244, 0.000000e+00, 0.000000e+00], [0.886085749, 4.34025335, 0.000000e+00], [-2.07107377, -1.60194039, 3.51573467]]> : tensor<3x3xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x3xf32>) -> ()
  "shlo.custom_call"(%v11) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.000000e+00, 0.000000e+00, 0.000000e+00], [-0.712637603, 0.000000e+00, 0.000000e+00], [1.83422327, 3.27536535, 0.000000e+00]]> : tensor<3x3xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x3xf32>) -> ()
  func.return
}
