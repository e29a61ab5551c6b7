// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-9.375000e-01, 2.500000e+00, -4.062500e-01, 1.375000e+00, 7.500000e-01, -7.500000e-01]> : tensor<6xf8E4M3FN>} : () -> tensor<6xf8E4M3FN>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf8E4M3FN>) -> tensor<6xi8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 2, 0, 1, 0, 0]> : tensor<6xi8>}} : (tensor<6xi8>) -> ()
  func.return
}
