// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-2.937500e+00, -2.968750e+00, 5.656250e+00, 1.503910e-01, 6.367190e-01, -3.476560e-01]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xbf16>) -> tensor<6xi8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-2, -2, 5, 0, 0, 0]> : tensor<6xi8>}} : (tensor<6xi8>) -> ()
  func.return
}
