// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[20.3967018, 6.043390e+00, 1.57293582], [6.043390e+00, 32.7513847, 7.41847181], [1.57293582, 7.41847181, 18.3573627]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %c2 = shlo.constant {value = dense<[[0.000000e+00, -2.86453605, 13.0891333], [2.86453605, 0.000000e+00, -2.97138739], [-13.0891333, 2.97138739, 0.000000e+00]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[[-1.83405948, 1.22650158], [4.15092134, 1.77401471], [0.246419638, 1.51676095]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %c5 = shlo.constant {value = dense<[[-3.61111808, -0.0981105118], [2.96732593, -3.74652386], [0.638846874, 1.860680e+00]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xcomplex<f32>>
  %v7 = "shlo.triangular_solve"(%v3, %v6) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #shlo.transpose<NO_TRANSPOSE>} : (tensor<3x3xcomplex<f32>>, tensor<3x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  %v8 = "shlo.real"(%v7) : (tensor<3x2xcomplex<f32>>) -> tensor<3x2xf32>
  %v9 = "shlo.imag"(%v7) : (tensor<3x2xcomplex<f32>>) -> tensor<3x2xf32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.089919418, 0.0601323508], [0.127847731, 0.0426495783], [0.116924778, 0.0444424674]]> : tensor<3x2xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x2xf32>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.177044228, -0.00481011672], [0.131134927, -0.118764617], [-0.0878310874, 0.185737461]]> : tensor<3x2xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x2xf32>) -> ()
  func.return
}
