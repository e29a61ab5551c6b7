// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.95561230105909, 0.000000e+00, 0.000000e+00, 2.6397342675322157, 0.000000e+00, 0.17728329318109604]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xui4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 0, 0, 2, 0, 0]> : tensor<6xui4>}} : (tensor<6xui4>) -> ()
  func.return
}
