// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.453130e+00, -4.125000e+00, -1.943360e-01, 3.300780e-01, -2.343750e+00, 2.562500e+00]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xbf16>) -> tensor<6xf8E4M3FN>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1.500000e+00, -4.000000e+00, -1.875000e-01, 3.437500e-01, -2.250000e+00, 2.500000e+00]> : tensor<6xf8E4M3FN>}} : (tensor<6xf8E4M3FN>) -> ()
  func.return
}
