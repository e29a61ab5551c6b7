// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0, 3, -8, 2, -5, 5]> : tensor<6xi16>} : () -> tensor<6xi16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xi16>) -> tensor<6xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, 3.000000e+00, -8.000000e+00, 2.000000e+00, -5.000000e+00, 5.000000e+00]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
