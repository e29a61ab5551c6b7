// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.258790e+00, 4.470210e-01, 4.304690e+00, 8.232420e-01, 4.074220e+00, 2.000000e+00]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xcomplex<f32>>
  %v3 = "shlo.real"(%v2) : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  %v4 = "shlo.imag"(%v2) : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1.25878906, 0.447021484, 4.3046875, 0.823242188, 4.07421875, 2.000000e+00]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<0.000000e+00> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  func.return
}
