// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[2.09403205, 1.31380761, 2.97149587, 4.3027854, 4.6140523, 0.0595638119]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xi16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[2, 1, 2, 4, 4, 0]> : tensor<6xi16>}} : (tensor<6xi16>) -> ()
  func.return
}
