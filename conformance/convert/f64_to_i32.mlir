// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-2.0156432326916534, -4.6502863462717894, 4.9049985233710292, -0.13586685630344264, 0.052407580923059402, 5.2818093453890258]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xi32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-2, -4, 4, 0, 0, 5]> : tensor<6xi32>}} : (tensor<6xi32>) -> ()
  func.return
}
