// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.6227979559622321, -0.61373146271777768, -1.4693448547851373, 3.6321042137632551, -4.0415610461155547, -4.3643181637275159]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xf8E5M2>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1.500000e+00, -6.250000e-01, -1.500000e+00, 3.500000e+00, -4.000000e+00, -4.000000e+00]> : tensor<6xf8E5M2>}} : (tensor<6xf8E5M2>) -> ()
  func.return
}
