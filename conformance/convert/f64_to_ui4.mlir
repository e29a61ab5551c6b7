// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[3.3704625707050875, 0.000000e+00, 1.40289092316526, 0.000000e+00, 0.000000e+00, 1.0897352902902977]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xui4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[3, 0, 1, 0, 0, 1]> : tensor<6xui4>}} : (tensor<6xui4>) -> ()
  func.return
}
