// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[5.561520e-01, 3.300780e+00, 6.879880e-01, -4.796880e+00, 3.532710e-01, -4.347660e+00]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xi16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 3, 0, -4, 0, -4]> : tensor<6xi16>}} : (tensor<6xi16>) -> ()
  func.return
}
