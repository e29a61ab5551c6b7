// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[2.111330e+00, -4.765630e+00, -2.546880e+00, -7.690420e-01, -1.000980e+00, -4.953610e-01]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xf8E4M3FN>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[2.000000e+00, -5.000000e+00, -2.500000e+00, -7.500000e-01, -1.000000e+00, -5.000000e-01]> : tensor<6xf8E4M3FN>}} : (tensor<6xf8E4M3FN>) -> ()
  func.return
}
