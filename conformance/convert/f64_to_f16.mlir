// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-0.17242611902157268, -0.929078316521325, 0.048895035349433333, -0.30042572556154867, -2.919991508091961, 3.0105460153490533]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1.724850e-01, -9.291990e-01, 4.888920e-02, -3.005370e-01, -2.919920e+00, 3.009770e+00]> : tensor<6xf16>}} : (tensor<6xf16>) -> ()
  func.return
}
