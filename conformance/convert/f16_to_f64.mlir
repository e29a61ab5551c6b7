// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[7.679680e+00, -3.021480e+00, 2.117920e-01, 3.892580e+00, -1.979490e+00, 2.787110e+00]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[7.6796875, -3.021484375, 0.2117919921875, 3.892578125, -1.9794921875, 2.787109375]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
