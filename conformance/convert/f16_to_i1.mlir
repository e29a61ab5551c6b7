// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[7.021480e-01, 1.252930e+00, -2.015630e+00, -4.648440e+00, 4.906250e+00, -1.358640e-01]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xi1>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[true, true, true, true, true, true]> : tensor<6xi1>}} : (tensor<6xi1>) -> ()
  func.return
}
