// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[6.78839684, -5.13119268, -1.61201644, -0.306937456, -0.0348644927, 0.551520765]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xcomplex<f32>>
  %v3 = "shlo.real"(%v2) : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  %v4 = "shlo.imag"(%v2) : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[6.78839684, -5.13119268, -1.61201644, -0.306937456, -0.0348644927, 0.551520765]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<0.000000e+00> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  func.return
}
