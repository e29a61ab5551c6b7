// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<1822> : tensor<i16>} : () -> tensor<i16>
  %c2 = shlo.constant {value = dense<[-10458, 4451, -19563, 1666, -13610, -14072]> : tensor<6xi16>} : () -> tensor<6xi16>
  %c3 = shlo.constant {value = dense<30809> : tensor<i16>} : () -> tensor<i16>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<i16>, tensor<6xi16>, tensor<i16>) -> tensor<6xi16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1822, 4451, 1822, 1822, 1822, 1822]> : tensor<6xi16>}} : (tensor<6xi16>) -> ()
  func.return
}
