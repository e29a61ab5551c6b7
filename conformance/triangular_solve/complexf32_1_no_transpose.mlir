// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[20.2529964, -1.20952857, -2.65775967], [-1.20952857, 24.1875782, -2.32885122], [-2.65775967, -2.32885122, 16.9771919]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %c2 = shlo.constant {value = dense<[[0.000000e+00, -9.24561119, 12.6420612], [9.24561119, 0.000000e+00, 3.78773928], [-12.6420612, -3.78773928, 0.000000e+00]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[[1.66543221, -3.47383022, -3.61859608], [-2.96291208, 2.25528932, -0.960686326]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c5 = shlo.constant {value = dense<[[0.303977638, -1.25447714, 2.66239786], [-0.755369484, -0.573632419, -1.02897203]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %v7 = "shlo.triangular_solve"(%v3, %v6) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #shlo.transpose<NO_TRANSPOSE>} : (tensor<3x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %v8 = "shlo.real"(%v7) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v9 = "shlo.imag"(%v7) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.0869187787, -0.188700721, -0.213144571], [-0.127614021, 0.0972845777, -0.0565868802]]> : tensor<2x3xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.0155039206, -0.0701433569, 0.156822041], [-0.12727727, -0.0384130366, -0.0606090836]]> : tensor<2x3xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
