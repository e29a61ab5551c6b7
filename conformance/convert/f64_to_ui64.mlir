// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, 0.76019745514161663, 3.2281625599520138, 0.000000e+00, 1.4235064268325477, 0.000000e+00]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xui64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 0, 3, 0, 1, 0]> : tensor<6xui64>}} : (tensor<6xui64>) -> ()
  func.return
}
