// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-4.218750e+00, 4.875000e+00, 2.050780e-01, -3.765630e+00, 3.328130e+00, 5.000000e-01]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xbf16>) -> tensor<6xcomplex<f64>>
  %v3 = "shlo.real"(%v2) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  %v4 = "shlo.imag"(%v2) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-4.218750e+00, 4.875000e+00, 0.205078125, -3.765625, 3.328125, 5.000000e-01]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<0.000000e+00> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
