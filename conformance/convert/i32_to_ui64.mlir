// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0, 1, 2, 3, 2147483647, 2147483646, -2147483648, -2147483647, -1, -2, -3, 5]> : tensor<12xi32>} : () -> tensor<12xi32>
  %v2 = "shlo.convert"(%c1) : (tensor<12xi32>) -> tensor<12xui64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 1, 2, 3, 2147483647, 2147483646, 18446744071562067968, 18446744071562067969, 18446744073709551615, 18446744073709551614, 18446744073709551613, 5]> : tensor<12xui64>}} : (tensor<12xui64>) -> ()
  func.return
}
