// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[1.2042274026742468, 2.6019371698234925, -3.5637313392985894, 0.5629559242127975, -0.54894380331437498, 2.661856252171916]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xi8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1, 2, -3, 0, 0, 2]> : tensor<6xi8>}} : (tensor<6xi8>) -> ()
  func.return
}
