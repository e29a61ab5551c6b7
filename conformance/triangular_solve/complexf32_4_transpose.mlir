// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[11.7240353, -5.84191465, -3.95925927], [-5.84191465, 31.6714115, 15.605464], [-3.95925927, 15.605464, 27.3743286]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %c2 = shlo.constant {value = dense<[[0.000000e+00, -1.57440174, -0.778437316], [1.57440174, 0.000000e+00, -9.56506061], [0.778437316, 9.56506061, 0.000000e+00]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[[2.13298464, 0.812292039, -1.20097446], [0.349562138, -2.32107162, -3.95670438]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c5 = shlo.constant {value = dense<[[0.0819708258, 0.028509168, 1.25933552], [0.838464319, -1.83040869, -1.85163748]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %v7 = "shlo.triangular_solve"(%v3, %v6) {left_side = false, lower = false, unit_diagonal = false, transpose_a = #shlo.transpose<TRANSPOSE>} : (tensor<3x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %v8 = "shlo.real"(%v7) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v9 = "shlo.imag"(%v7) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.185392931, 0.0333709791, -0.0438722894], [0.00379180931, 0.0183618832, -0.144540697]]> : tensor<2x3xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.00664724922, -0.0350173749, 0.0460042544], [0.0076007694, -0.0681173876, -0.0676413849]]> : tensor<2x3xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
