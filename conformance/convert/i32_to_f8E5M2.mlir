// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-2, 5, -4, 2, -4, -2]> : tensor<6xi32>} : () -> tensor<6xi32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xi32>) -> tensor<6xf8E5M2>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-2.000000e+00, 5.000000e+00, -4.000000e+00, 2.000000e+00, -4.000000e+00, -2.000000e+00]> : tensor<6xf8E5M2>}} : (tensor<6xf8E5M2>) -> ()
  func.return
}
