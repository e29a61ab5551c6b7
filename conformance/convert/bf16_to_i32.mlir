// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[2.703130e+00, 1.070310e+00, -8.789060e-01, -6.812500e+00, -1.476560e+00, -2.187500e+00]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xbf16>) -> tensor<6xi32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[2, 1, 0, -6, -1, -2]> : tensor<6xi32>}} : (tensor<6xi32>) -> ()
  func.return
}
