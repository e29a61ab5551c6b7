// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-0.87801878588187299, -4.8715410166818884, 1.2697464616181857, 2.4569968669410045, 0.70822681338774374, 0.68363519793986782]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xi4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, -4, 1, 2, 0, 0]> : tensor<6xi4>}} : (tensor<6xi4>) -> ()
  func.return
}
