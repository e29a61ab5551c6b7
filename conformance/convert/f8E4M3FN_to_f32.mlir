// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-4.500000e+00, -3.750000e+00, -3.750000e-01, -5.000000e+00, -1.000000e+00, 1.406250e-01]> : tensor<6xf8E4M3FN>} : () -> tensor<6xf8E4M3FN>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf8E4M3FN>) -> tensor<6xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-4.500000e+00, -3.750000e+00, -3.750000e-01, -5.000000e+00, -1.000000e+00, 1.406250e-01]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  func.return
}
