// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-9.375000e-01, 1.664060e+00, 3.265630e+00, 1.906250e+00, 2.375000e+00, -8.154300e-02]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xbf16>) -> tensor<6xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-9.375000e-01, 1.6640625, 3.265625, 1.906250e+00, 2.375000e+00, -0.0815429688]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  func.return
}
