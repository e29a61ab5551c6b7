// and: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2, 106, -63], [118, 5, -82]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %c2 = shlo.constant {value = dense<[[20, -50, -91], [-47, 119, -4]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %v3 = "shlo.and"(%c1, %c2) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 74, -127], [80, 5, -84]]> : tensor<2x3xi8>}} : (tensor<2x3xi8>) -> ()
  func.return
}
