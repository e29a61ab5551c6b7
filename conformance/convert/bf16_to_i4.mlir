// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-4.843750e+00, 5.312500e-01, -1.585940e+00, 1.132810e+00, -1.187500e+00, 3.484380e+00]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xbf16>) -> tensor<6xi4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-4, 0, -1, 1, -1, 3]> : tensor<6xi4>}} : (tensor<6xi4>) -> ()
  func.return
}
