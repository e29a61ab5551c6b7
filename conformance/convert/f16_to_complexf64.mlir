// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[3.056640e+00, 5.830080e-01, -2.587890e+00, -8.398430e-01, 2.787110e+00, -3.234860e-01]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xcomplex<f64>>
  %v3 = "shlo.real"(%v2) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  %v4 = "shlo.imag"(%v2) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[3.056640625, 0.5830078125, -2.587890625, -0.83984375, 2.787109375, -0.323486328125]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<0.000000e+00> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
