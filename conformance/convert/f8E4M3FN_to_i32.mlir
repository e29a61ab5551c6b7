// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-9.375000e-01, -4.687500e-01, 6.875000e-01, -1.125000e+00, 1.250000e+00, -7.000000e+00]> : tensor<6xf8E4M3FN>} : () -> tensor<6xf8E4M3FN>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf8E4M3FN>) -> tensor<6xi32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 0, 0, -1, 1, -7]> : tensor<6xi32>}} : (tensor<6xi32>) -> ()
  func.return
}
