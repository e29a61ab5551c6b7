// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[8.491210e-01, -2.871090e+00, 3.371090e+00, -3.751950e+00, 1.403320e+00, -7.941400e+00]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xcomplex<f32>>
  %v3 = "shlo.real"(%v2) : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  %v4 = "shlo.imag"(%v2) : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.849121093, -2.87109375, 3.37109375, -3.75195313, 1.40332031, -7.94140625]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<0.000000e+00> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  func.return
}
