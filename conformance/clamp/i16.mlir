// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<[-26770, -19171, -32455, 20757, 2105, -8759]> : tensor<6xi16>} : () -> tensor<6xi16>
  %c2 = shlo.constant {value = dense<[-10458, 4451, -19563, 1666, -13610, -14072]> : tensor<6xi16>} : () -> tensor<6xi16>
  %c3 = shlo.constant {value = dense<[9958, 20056, -15166, 25589, 11381, -4352]> : tensor<6xi16>} : () -> tensor<6xi16>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<6xi16>, tensor<6xi16>, tensor<6xi16>) -> tensor<6xi16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-10458, 4451, -19563, 20757, 2105, -8759]> : tensor<6xi16>}} : (tensor<6xi16>) -> ()
  func.return
}
