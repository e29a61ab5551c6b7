// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[16.8259029, 4.29199171, -5.36889029], [4.29199171, 24.5533352, 2.30537605], [-5.36889029, 2.30537605, 11.0045595]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %c2 = shlo.constant {value = dense<[[0.000000e+00, -8.31234645, 4.17834568], [8.31234645, 0.000000e+00, 0.140977249], [-4.17834568, -0.140977249, 0.000000e+00]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[[-1.89683735, -0.869271099], [-2.87960696, 1.93528497], [2.19632554, -3.36396456]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %c5 = shlo.constant {value = dense<[[0.687230885, 2.38326049], [-0.526428163, 0.136319876], [-2.06833982, -1.50742435]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xcomplex<f32>>
  %v7 = "shlo.triangular_solve"(%v3, %v6) {left_side = true, lower = false, unit_diagonal = true, transpose_a = #shlo.transpose<TRANSPOSE>} : (tensor<3x3xcomplex<f32>>, tensor<3x2xcomplex<f32>>) -> tensor<3x2xcomplex<f32>>
  %v8 = "shlo.real"(%v7) : (tensor<3x2xcomplex<f32>>) -> tensor<3x2xf32>
  %v9 = "shlo.imag"(%v7) : (tensor<3x2xcomplex<f32>>) -> tensor<3x2xf32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.89683735, -0.869271099], [-0.450897455, -14.1442995], [-6.78946208, 32.093544]]> : tensor<3x2xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x2xf32>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.687230885, 2.38326049], [-19.243187, -17.3182964], [53.9733162, 56.8393669]]> : tensor<3x2xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x2xf32>) -> ()
  func.return
}
