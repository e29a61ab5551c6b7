// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.17602372, -0.47530061, 0.0498339236], [0.760097324, 6.14950656, 1.11557269]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[-0.647313594, 4.06216669, 0.275657535], [2.30994177, -1.76171505, -0.746231973]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[-0.0159860775, -0.415591508, 0.921162903, 1.86506355]> : tensor<4xf32>} : () -> tensor<4xf32>
  %c5 = shlo.constant {value = dense<[1.65241861, 0.903894782, -0.688105046, 3.60223913]> : tensor<4xf32>} : () -> tensor<4xf32>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>
  %v7 = "shlo.dot_general"(%v3, %v6) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [], rhs_contracting_dimensions = []>} : (tensor<2x3xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<2x3x4xcomplex<f32>>
  %v8 = "shlo.real"(%v7) : (tensor<2x3x4xcomplex<f32>>) -> tensor<2x3x4xf32>
  %v9 = "shlo.imag"(%v7) : (tensor<2x3x4xcomplex<f32>>) -> tensor<2x3x4xf32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[1.05083299, 0.0963579192, 0.637889683, 4.52513742], [-6.70480156, -3.4742403, 2.35736823, -15.5193615], [-0.456298292, -0.269875944, 0.235586494, -0.900040924]], [[-3.82914186, -2.40383434, 2.28965592, -6.90333319], [2.81278443, -0.963277637, 4.45245218, 17.81534], [1.21525407, 0.210892648, 0.514138222, 4.768720e+00]]]> : tensor<2x3x4xf32>, rtol = 8.000e-06 : f64, atol = 2.000e-06 : f64}} : (tensor<2x3x4xf32>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[1.9536314, 1.33201981, -1.40550911, 3.02903771], [-0.85033369, -2.11782384, 4.06897402, 5.86405277], [0.0779398233, -0.0695163086, 0.219634518, 0.693632543]], [[1.2190721, -0.272944152, 1.60480583, 7.04624033], [10.1897221, 6.29066086, -5.85433292, 18.8662815], [1.85532236, 1.318488, -1.45503235, 2.62678933]]]> : tensor<2x3x4xf32>, rtol = 8.000e-06 : f64, atol = 2.000e-06 : f64}} : (tensor<2x3x4xf32>) -> ()
  func.return
}
