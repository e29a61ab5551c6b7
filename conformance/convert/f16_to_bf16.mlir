// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[3.681640e+00, -3.599610e+00, 9.384760e-01, -3.941410e+00, 3.647460e-01, -7.359380e+00]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[3.687500e+00, -3.593750e+00, 9.375000e-01, -3.937500e+00, 3.652340e-01, -7.375000e+00]> : tensor<6xbf16>}} : (tensor<6xbf16>) -> ()
  func.return
}
