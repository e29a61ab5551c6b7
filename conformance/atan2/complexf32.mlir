// atan2: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.134396493, 0.0416050814, 1.64488447], [-0.50067687, 1.35979819, 5.30365896]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[0.638461113, 0.606084824, 1.71467125], [-1.71572495, -0.300295591, -0.253084689]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[[-3.12024355, 0.114446834, 1.08789468], [-1.68635309, 0.49914524, -2.101990e+00]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c5 = shlo.constant {value = dense<[[-1.23691332, 0.977252483, 0.0556642599], [-3.29726124, -0.409270704, 1.56891429]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %v7 = "shlo.atan2"(%v3, %v6) : (tensor<2x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %v8 = "shlo.real"(%v7) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v9 = "shlo.imag"(%v7) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3.1074791, 0.552907825, 1.21988332], [-2.69634056, 1.16519189, 1.9835012]]> : tensor<2x3xf32>, rtol = 2.000e-05 : f64, atol = 2.000e-05 : f64}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.193760917, 0.02148032, 0.287650287], [0.0740100518, 0.179996908, -0.238702759]]> : tensor<2x3xf32>, rtol = 2.000e-05 : f64, atol = 2.000e-05 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
