// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-3.656250e+00, 1.390630e+00, 1.591800e-01, 1.429690e+00, 1.289060e+00, -3.968750e+00]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xbf16>) -> tensor<6xcomplex<f64>>
  %v3 = "shlo.real"(%v2) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  %v4 = "shlo.imag"(%v2) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-3.656250e+00, 1.390625, 0.1591796875, 1.4296875, 1.2890625, -3.968750e+00]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<0.000000e+00> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
