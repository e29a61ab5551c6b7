// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[36.188622504328976, 2.9844949332022073, -10.427419808332015], [2.9844949332022073, 13.806970099536137, 12.058454204138219], [-10.427419808332015, 12.058454204138219, 33.922846187851889]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %c2 = shlo.constant {value = dense<[[0.000000e+00, 3.5879012452444718, 10.392967464425221], [-3.5879012452444718, 0.000000e+00, 4.7772603380776317], [-10.392967464425221, -4.7772603380776317, 0.000000e+00]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[0.14609255518155084, -0.62815402444947743], [0.77473149518676132, 1.4818285243654616], [-2.8620144802819403, -5.7922108292438423]]> : tensor<3x2xf64>} : () -> tensor<3x2xf64>
  %c5 = shlo.constant {value = dense<[[-0.39110176671955499, -0.69952849262527694], [-0.38816998692828908, -0.38454449116005346], [2.5395901256307081, -3.2922313973583339]]> : tensor<3x2xf64>} : () -> tensor<3x2xf64>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<3x2xf64>, tensor<3x2xf64>) -> tensor<3x2xcomplex<f64>>
  %v7 = "shlo.triangular_solve"(%v3, %v6) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #shlo.transpose<ADJOINT>} : (tensor<3x3xcomplex<f64>>, tensor<3x2xcomplex<f64>>) -> tensor<3x2xcomplex<f64>>
  %v8 = "shlo.real"(%v7) : (tensor<3x2xcomplex<f64>>) -> tensor<3x2xf64>
  %v9 = "shlo.imag"(%v7) : (tensor<3x2xcomplex<f64>>) -> tensor<3x2xf64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.017989034450959583, -0.10130921055051278], [0.15569866302806307, 0.22286807364345168], [-0.084368347644923028, -0.1707466053163337]]> : tensor<3x2xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<3x2xf64>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.024860255688111215, -0.029919469445165228], [-0.064305277721503434, 0.11598752508806093], [0.074863710184205026, -0.097050565248187073]]> : tensor<3x2xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<3x2xf64>) -> ()
  func.return
}
