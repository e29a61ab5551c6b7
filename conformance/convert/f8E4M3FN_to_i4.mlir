// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[5.000000e+00, 1.375000e+00, 2.000000e+00, 4.500000e+00, -4.500000e+00, 4.000000e+00]> : tensor<6xf8E4M3FN>} : () -> tensor<6xf8E4M3FN>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf8E4M3FN>) -> tensor<6xi4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[5, 1, 2, 4, -4, 4]> : tensor<6xi4>}} : (tensor<6xi4>) -> ()
  func.return
}
