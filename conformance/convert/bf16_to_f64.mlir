// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[5.781250e-01, 2.640630e+00, 1.453130e+00, -4.472660e-01, -7.343750e+00, -1.507810e+00]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xbf16>) -> tensor<6xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[5.781250e-01, 2.640625, 1.453125, -0.447265625, -7.343750e+00, -1.5078125]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
