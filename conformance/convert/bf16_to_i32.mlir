// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.484380e+00, 5.429690e-01, 3.765630e+00, 8.515620e-01, 2.953130e+00, -1.421880e+00]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xbf16>) -> tensor<6xi32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1, 0, 3, 0, 2, -1]> : tensor<6xi32>}} : (tensor<6xi32>) -> ()
  func.return
}
