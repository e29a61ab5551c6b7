// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-3.03639555, -2.07305932, -7.13565302, -1.36333263, -1.40347326, 4.41199112]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-3.031250e+00, -2.078130e+00, -7.125000e+00, -1.367190e+00, -1.406250e+00, 4.406250e+00]> : tensor<6xbf16>}} : (tensor<6xbf16>) -> ()
  func.return
}
