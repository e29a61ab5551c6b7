// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[4.79458714, 0.677339494, 0.000000e+00, 0.000000e+00, 0.000000e+00, 4.59328127]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xui64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[4, 0, 0, 0, 0, 4]> : tensor<6xui64>}} : (tensor<6xui64>) -> ()
  func.return
}
