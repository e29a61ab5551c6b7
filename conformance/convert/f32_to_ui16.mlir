// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[3.7710762, 0.852521777, 2.95688915, 0.000000e+00, 0.000000e+00, 0.000000e+00]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xui16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[3, 0, 2, 0, 0, 0]> : tensor<6xui16>}} : (tensor<6xui16>) -> ()
  func.return
}
