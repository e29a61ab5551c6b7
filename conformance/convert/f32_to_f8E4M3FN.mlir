// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[1.06667304, -3.03657436, 0.166135401, 3.98601556, -6.30659151, -2.94504261]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xf8E4M3FN>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1.125000e+00, -3.000000e+00, 1.718750e-01, 4.000000e+00, -6.500000e+00, -3.000000e+00]> : tensor<6xf8E4M3FN>}} : (tensor<6xf8E4M3FN>) -> ()
  func.return
}
