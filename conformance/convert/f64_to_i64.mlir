// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-4.4588865293475255, 0.25181612506118595, -2.3392799721845696, -0.37589326634752684, 0.55627275504043205, 3.301706522385766]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xi64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-4, 0, -2, 0, 0, 3]> : tensor<6xi64>}} : (tensor<6xi64>) -> ()
  func.return
}
