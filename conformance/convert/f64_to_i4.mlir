// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[6.0647459316575691, 1.841174334477284, -0.64933940046066785, 7.000000e+00, 0.84919073252119048, -2.8714540259802481]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xi4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[6, 1, 0, 7, 0, -2]> : tensor<6xi4>}} : (tensor<6xi4>) -> ()
  func.return
}
