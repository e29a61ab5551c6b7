// power: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.584926367, -1.08834481, 0.610672116], [-3.3732779, 1.60999465, 1.26486123]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[-0.826534628, -5.23587608, -3.93733191], [-1.33182681, -0.447302699, -1.81263733]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[[-1.704983, 2.39575672, 0.793928563], [1.00007129, -1.50238574, -1.81486511]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c5 = shlo.constant {value = dense<[[-3.78686881, -3.47763705, -1.53288877], [-2.74851727, 1.26141965, -0.84786427]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %v7 = "shlo.power"(%v3, %v6) : (tensor<2x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %v8 = "shlo.real"(%v7) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v9 = "shlo.imag"(%v7) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2.6423196E-4, -0.0912210643, -0.339690328], [0.00181246886, 0.321144968, 0.05012751]]> : tensor<2x3xf32>, rtol = 2.000e-05 : f64, atol = 2.000e-05 : f64}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.0263168067, 0.0708502233, 0.0349036492], [-4.26616498E-5, 0.566084325, 0.0921534821]]> : tensor<2x3xf32>, rtol = 2.000e-05 : f64, atol = 2.000e-05 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
