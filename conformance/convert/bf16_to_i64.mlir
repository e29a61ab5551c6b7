// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.851560e+00, -4.468750e+00, 1.010740e-01, 1.523440e+00, -3.140630e+00, -7.070310e-01]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xbf16>) -> tensor<6xi64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1, -4, 0, 1, -3, 0]> : tensor<6xi64>}} : (tensor<6xi64>) -> ()
  func.return
}
