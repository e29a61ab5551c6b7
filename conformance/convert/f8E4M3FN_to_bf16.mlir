// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.375000e+00, -1.500000e+00, -9.375000e-01, 6.250000e-01, -1.875000e+00, -2.500000e+00]> : tensor<6xf8E4M3FN>} : () -> tensor<6xf8E4M3FN>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf8E4M3FN>) -> tensor<6xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1.375000e+00, -1.500000e+00, -9.375000e-01, 6.250000e-01, -1.875000e+00, -2.500000e+00]> : tensor<6xbf16>}} : (tensor<6xbf16>) -> ()
  func.return
}
