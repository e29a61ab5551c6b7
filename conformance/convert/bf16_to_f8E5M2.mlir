// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-4.500000e+00, -5.312500e+00, 1.656250e+00, -2.324220e-01, 3.578130e+00, 4.355470e-01]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xbf16>) -> tensor<6xf8E5M2>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-4.000000e+00, -5.000000e+00, 1.750000e+00, -2.187500e-01, 3.500000e+00, 4.375000e-01]> : tensor<6xf8E5M2>}} : (tensor<6xf8E5M2>) -> ()
  func.return
}
