// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[1.931640e+00, -4.394530e+00, -3.750000e+00, -1.230470e+00, 4.150390e-01, 8.403320e-01]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1.93164063, -4.39453125, -3.750000e+00, -1.23046875, 0.415039063, 0.840332031]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  func.return
}
