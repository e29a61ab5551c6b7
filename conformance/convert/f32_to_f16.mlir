// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[5.04244518, 0.399611264, 4.2439456, -1.60150516, -1.74894917, 2.3661468]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[5.042970e+00, 3.996580e-01, 4.242190e+00, -1.601560e+00, -1.749020e+00, 2.365230e+00]> : tensor<6xf16>}} : (tensor<6xf16>) -> ()
  func.return
}
