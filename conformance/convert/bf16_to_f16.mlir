// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-3.703130e+00, 6.367190e-01, -3.613280e-01, -2.828130e+00, -2.128910e-01, 3.109380e+00]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xbf16>) -> tensor<6xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-3.703130e+00, 6.367190e-01, -3.613280e-01, -2.828130e+00, -2.128910e-01, 3.109380e+00]> : tensor<6xf16>}} : (tensor<6xf16>) -> ()
  func.return
}
