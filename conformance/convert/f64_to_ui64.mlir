// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, 0.000000e+00, 2.9084514125740388, 1.2371610549307113, 0.000000e+00, 3.4860208486935207]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xui64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 0, 2, 1, 0, 3]> : tensor<6xui64>}} : (tensor<6xui64>) -> ()
  func.return
}
