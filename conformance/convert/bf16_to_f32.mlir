// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.507810e+00, -3.476560e-01, -3.687500e+00, 2.859380e+00, -2.625000e+00, -3.250000e+00]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xbf16>) -> tensor<6xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1.5078125, -0.34765625, -3.687500e+00, 2.859375, -2.625000e+00, -3.250000e+00]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  func.return
}
