// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[false, false, false, false, true, true]> : tensor<6xi1>} : () -> tensor<6xi1>
  %v2 = "shlo.convert"(%c1) : (tensor<6xi1>) -> tensor<6xi8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 0, 0, 0, 1, 1]> : tensor<6xi8>}} : (tensor<6xi8>) -> ()
  func.return
}
