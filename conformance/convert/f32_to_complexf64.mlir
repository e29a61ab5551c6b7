// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[3.47110677, 3.35408568, -2.03634477, -3.23390913, 4.670280e+00, -2.04120278]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xcomplex<f64>>
  %v3 = "shlo.real"(%v2) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  %v4 = "shlo.imag"(%v2) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[3.4711067676544189, 3.3540856838226318, -2.0363447666168213, -3.2339091300964355, 4.6702799797058105, -2.0412027835845947]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<0.000000e+00> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
