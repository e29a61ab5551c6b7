// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[2.500000e+00, 1.750000e+00, -3.000000e+00, -3.750000e-01, -4.000000e+00, 2.500000e-01]> : tensor<6xf8E5M2>} : () -> tensor<6xf8E5M2>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf8E5M2>) -> tensor<6xi32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[2, 1, -3, 0, -4, 0]> : tensor<6xi32>}} : (tensor<6xi32>) -> ()
  func.return
}
