// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[5.65585041, 0.150283203, 0.63514483, -0.347365111, 8.740260e-01, -0.0177438129]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xi64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[5, 0, 0, 0, 0, 0]> : tensor<6xi64>}} : (tensor<6xi64>) -> ()
  func.return
}
