// add: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.37264466, -1.1133306, 0.758998334], [0.473705143, 5.00995874, -1.8355217]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[3.16685152, 0.725937783, 0.94793421], [-0.685693085, 4.19849062, 2.15470862]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[[0.322913855, -2.530810e+00, -1.09237051], [0.791029334, 2.11368632, -1.29734278]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c5 = shlo.constant {value = dense<[[-1.27523696, -2.92601919, 1.53737688], [-0.312721133, 0.0776193216, -3.10164285]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %v7 = "shlo.add"(%v3, %v6) : (tensor<2x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %v8 = "shlo.real"(%v7) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v9 = "shlo.imag"(%v7) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.04973078, -3.64414072, -0.333372176], [1.26473451, 7.12364482, -3.13286448]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.89161456, -2.20008135, 2.48531103], [-0.998414218, 4.276110e+00, -0.946934223]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
