// or: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-128, 81, 58], [50, 45, 37]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %c2 = shlo.constant {value = dense<[[-28, -16, 93], [51, -77, -57]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %v3 = "shlo.or"(%c1, %c2) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-28, -15, 127], [51, -65, -25]]> : tensor<2x3xi8>}} : (tensor<2x3xi8>) -> ()
  func.return
}
