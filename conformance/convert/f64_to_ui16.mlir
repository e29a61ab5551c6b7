// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, 4.583244348556204, 0.000000e+00, 0.000000e+00, 1.4684019733019298, 0.000000e+00]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xui16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 4, 0, 0, 1, 0]> : tensor<6xui16>}} : (tensor<6xui16>) -> ()
  func.return
}
