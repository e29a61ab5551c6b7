// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[5.239870e-02, 5.281250e+00, -4.457030e+00, 2.517090e-01, -2.339840e+00, -3.759770e-01]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xi8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 5, -4, 0, -2, 0]> : tensor<6xi8>}} : (tensor<6xi8>) -> ()
  func.return
}
