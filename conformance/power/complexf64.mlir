// power: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.23067658219911097, 5.5038592142113751, 0.57425145420485935], [2.070256789362813, 0.33688614011683904, -2.6383362135772521]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[-1.6355891988816487, 1.0671193481162999, 1.8995977906281074], [0.4778577169356043, 1.9816242944791602, 0.61309045931899619]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[-1.8807124359846987, -0.018138148784865908, 0.6463707402135962], [0.082861163012327696, 0.03543367584903153, 2.8001915135571527]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c5 = shlo.constant {value = dense<[[-3.003005192014641, -2.0482083080530376, -0.22066379310964193], [3.0990956102747602, 2.7069097192167542, 0.64894099236266167]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v7 = "shlo.power"(%v3, %v6) : (tensor<2x3xcomplex<f64>>, tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v8 = "shlo.real"(%v7) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v9 = "shlo.imag"(%v7) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.0020007400345257139, -1.3254769293055186, 1.612557062231645], [-0.37195199986729627, -0.0082974014144843646, -2.0005847490622322]]> : tensor<2x3xf64>, rtol = 1.000e-11 : f64, atol = 1.000e-11 : f64}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.0049070392733543983, 0.54916962560951765, 1.288954157517965], [0.37332156476904904, 0.021471555451010167, 1.429559292795987]]> : tensor<2x3xf64>, rtol = 1.000e-11 : f64, atol = 1.000e-11 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
