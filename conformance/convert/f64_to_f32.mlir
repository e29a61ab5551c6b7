// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[1.934919616804446, 0.55963595590274162, -0.25220295171377149, 1.383393760916062, -1.8196748139703289, -3.2651661192147658]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1.9349196, 0.559635937, -0.252202958, 1.38339376, -1.81967485, -3.26516604]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  func.return
}
