// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-3.8574261895179895, -0.57444472074450492, -0.93855728441112729, -4.6524370959176213, -2.2734430655458717, -0.28364739374435016]> : tensor<6xf64>} : () -> tensor<6xf64>
  %c2 = shlo.constant {value = dense<[-1.418586541675307, -0.90939600372072682, 1.7698524659254353, -0.32941091955120089, 0.80281826844949788, 1.7346247798823282]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xcomplex<f64>>
  %v4 = "shlo.convert"(%v3) : (tensor<6xcomplex<f64>>) -> tensor<6xcomplex<f32>>
  %v5 = "shlo.real"(%v4) : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  %v6 = "shlo.imag"(%v4) : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-3.85742617, -0.574444711, -0.938557267, -4.65243721, -2.27344298, -0.283647388]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1.41858649, -0.909395992, 1.76985252, -0.329410911, 0.802818238, 1.73462474]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  func.return
}
