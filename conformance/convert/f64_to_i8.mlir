// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.5848032683545408, 1.1291662601567589, -1.1882706410958603, 3.4833881104673923, 1.7439233144732931, -2.5263309123728215]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xi8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1, 1, -1, 3, 1, -2]> : tensor<6xi8>}} : (tensor<6xi8>) -> ()
  func.return
}
