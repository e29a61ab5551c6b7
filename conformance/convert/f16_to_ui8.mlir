// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[6.222650e+00, 1.075200e+00, 0.000000e+00, 0.000000e+00, 2.908200e+00, 1.237300e+00]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xui8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[6, 1, 0, 0, 2, 1]> : tensor<6xui8>}} : (tensor<6xui8>) -> ()
  func.return
}
