// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-2.3796634071522891, -2.7165895541507186, -0.21261278846321835, 0.21202754203265345, 4.0316426082369441, -2.5337410641671823]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xcomplex<f32>>
  %v3 = "shlo.real"(%v2) : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  %v4 = "shlo.imag"(%v2) : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-2.37966347, -2.71658945, -0.212612793, 0.212027535, 4.03164244, -2.533741]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<0.000000e+00> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  func.return
}
