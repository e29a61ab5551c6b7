// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.21174285063129672, 3.8931999067065219, -1.979514961916184, 2.7878509025893106, 2.1107011340914945, -4.7646527996890162]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xcomplex<f32>>
  %v3 = "shlo.real"(%v2) : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  %v4 = "shlo.imag"(%v2) : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.211742848, 3.893200e+00, -1.97951496, 2.78785086, 2.11070108, -4.76465273]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<0.000000e+00> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  func.return
}
