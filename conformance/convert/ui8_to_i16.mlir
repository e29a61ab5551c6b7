// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0, 1, 2, 3, 255, 254, 0, 1, 4, 5, 6, 7]> : tensor<12xui8>} : () -> tensor<12xui8>
  %v2 = "shlo.convert"(%c1) : (tensor<12xui8>) -> tensor<12xi16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 1, 2, 3, 255, 254, 0, 1, 4, 5, 6, 7]> : tensor<12xi16>}} : (tensor<12xi16>) -> ()
  func.return
}
