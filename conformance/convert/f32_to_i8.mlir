// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[7.25765753, 4.24618387, -4.59527302, -3.83595204, -0.387090683, -4.99251795]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xi8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[7, 4, -4, -3, 0, -4]> : tensor<6xi8>}} : (tensor<6xi8>) -> ()
  func.return
}
