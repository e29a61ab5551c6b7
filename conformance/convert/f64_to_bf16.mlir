// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-2.4438228838709763, 2.6520839698800751, 3.8668867599160022, -1.1345426834557435, -1.6120197922117419, 1.6109008432362419]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-2.437500e+00, 2.656250e+00, 3.859380e+00, -1.132810e+00, -1.609380e+00, 1.609380e+00]> : tensor<6xbf16>}} : (tensor<6xbf16>) -> ()
  func.return
}
