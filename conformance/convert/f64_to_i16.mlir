// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-2.8496388305716649, 0.70868892886935009, -0.18630200008620429, -3.8974372216302546, 3.3658403823287419, 1.2167061019256817]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xi16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-2, 0, 0, -3, 3, 1]> : tensor<6xi16>}} : (tensor<6xi16>) -> ()
  func.return
}
