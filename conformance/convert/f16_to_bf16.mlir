// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[4.027340e+00, 3.437500e-01, -2.435550e+00, 4.655760e-01, -4.589840e+00, 1.419920e+00]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[4.031250e+00, 3.437500e-01, -2.437500e+00, 4.648440e-01, -4.593750e+00, 1.421880e+00]> : tensor<6xbf16>}} : (tensor<6xbf16>) -> ()
  func.return
}
