// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.220700e+00, 1.089840e+00, 3.058590e+00, 8.134770e-01, -1.125980e+00, -2.320310e+00]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xcomplex<f64>>
  %v3 = "shlo.real"(%v2) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  %v4 = "shlo.imag"(%v2) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1.220703125, 1.08984375, 3.05859375, 0.8134765625, -1.1259765625, -2.3203125]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<0.000000e+00> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
