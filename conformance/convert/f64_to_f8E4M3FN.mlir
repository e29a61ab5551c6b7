// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[5.3043312848625392, 2.3865576686713275, -1.4016304702489837, -1.8648272884871728, 1.0025273815118523, -0.33846745708856779]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xf8E4M3FN>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[5.500000e+00, 2.500000e+00, -1.375000e+00, -1.875000e+00, 1.000000e+00, -3.437500e-01]> : tensor<6xf8E4M3FN>}} : (tensor<6xf8E4M3FN>) -> ()
  func.return
}
