// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[8.750000e-01, -1.770020e-02, 2.125000e+00, 7.568360e-02, 1.093750e+01, -1.234380e+00]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xbf16>) -> tensor<6xi16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 0, 2, 0, 10, -1]> : tensor<6xi16>}} : (tensor<6xi16>) -> ()
  func.return
}
