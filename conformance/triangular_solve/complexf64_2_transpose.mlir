// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[33.046902397445713, -14.828846997404646, 26.974770689826904], [-14.828846997404646, 45.696682693256307, 9.607101010185346], [26.974770689826904, 9.607101010185346, 54.647532571534832]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %c2 = shlo.constant {value = dense<[[0.000000e+00, 11.506905799214765, 22.510413702348153], [-11.506905799214765, 0.000000e+00, -19.257996029431993], [-22.510413702348153, 19.257996029431993, 0.000000e+00]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[-0.077725342858367699, -0.69690370506469912], [0.26627004897992096, -0.55010416095587156], [-0.66952220253670802, -0.15546479744546973]]> : tensor<3x2xf64>} : () -> tensor<3x2xf64>
  %c5 = shlo.constant {value = dense<[[0.21276748278406524, -2.2572812068537234], [-0.66714145831081639, 1.3701616740264184], [-0.85293109353107432, -0.92726645787868123]]> : tensor<3x2xf64>} : () -> tensor<3x2xf64>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<3x2xf64>, tensor<3x2xf64>) -> tensor<3x2xcomplex<f64>>
  %v7 = "shlo.triangular_solve"(%v3, %v6) {left_side = true, lower = false, unit_diagonal = true, transpose_a = #shlo.transpose<TRANSPOSE>} : (tensor<3x3xcomplex<f64>>, tensor<3x2xcomplex<f64>>) -> tensor<3x2xcomplex<f64>>
  %v8 = "shlo.real"(%v7) : (tensor<3x2xcomplex<f64>>) -> tensor<3x2xf64>
  %v9 = "shlo.imag"(%v7) : (tensor<3x2xcomplex<f64>>) -> tensor<3x2xf64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.077725342858367699, -0.69690370506469912], [1.5619882134446563, -36.858704784888317], [-73.92655249797103, 785.73647219306361]]> : tensor<3x2xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<3x2xf64>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.21276748278406524, -2.2572812068537234], [3.3823331883999219, -24.083510687221107], [-7.2563093075077649, -402.80210335421191]]> : tensor<3x2xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<3x2xf64>) -> ()
  func.return
}
