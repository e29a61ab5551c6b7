// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[4, 8, 6, 5, 4, 8]> : tensor<6xui8>} : () -> tensor<6xui8>
  %v2 = "shlo.convert"(%c1) : (tensor<6xui8>) -> tensor<6xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[4.000000e+00, 8.000000e+00, 6.000000e+00, 5.000000e+00, 4.000000e+00, 8.000000e+00]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
