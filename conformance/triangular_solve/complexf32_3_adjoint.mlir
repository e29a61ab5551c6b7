// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[16.0544205, -2.23995757, -12.7873678], [-2.23995757, 27.9858875, -1.87101674], [-12.7873678, -1.87101674, 25.3167381]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %c2 = shlo.constant {value = dense<[[0.000000e+00, -6.30352163, 5.49394417], [6.30352163, 0.000000e+00, -5.42092848], [-5.49394417, 5.42092848, 0.000000e+00]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[[0.330575496, -3.06832123], [1.17651367, -2.6777668], [1.61015511, -1.29824269]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %c5 = shlo.constant {value = dense<[[0.024341682, 1.0974896], [-2.18352342, 1.847880e+00], [-1.0728066, 4.15903139]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xcomplex<f32>>
  %v7 = "shlo.triangular_solve"(%v3, %v6) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #shlo.transpose<ADJOINT>} : (tensor<3x3xcomplex<f32>>, tensor<3x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  %v8 = "shlo.real"(%v7) : (tensor<3x2xcomplex<f32>>) -> tensor<3x2xf32>
  %v9 = "shlo.imag"(%v7) : (tensor<3x2xcomplex<f32>>) -> tensor<3x2xf32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.091261059, -0.220352396], [0.0544997901, -0.13093251], [0.0636004135, -0.0512800142]]> : tensor<3x2xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x2xf32>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.0421641953, 0.17470856], [-6.853580e-02, 0.0670789927], [-0.0423753858, 0.164279908]]> : tensor<3x2xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x2xf32>) -> ()
  func.return
}
