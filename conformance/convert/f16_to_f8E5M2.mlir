// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[7.465820e-01, 5.289060e+00, 6.066400e+00, 1.840820e+00, -6.494140e-01, 8.007810e+00]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xf8E5M2>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[7.500000e-01, 5.000000e+00, 6.000000e+00, 1.750000e+00, -6.250000e-01, 8.000000e+00]> : tensor<6xf8E5M2>}} : (tensor<6xf8E5M2>) -> ()
  func.return
}
