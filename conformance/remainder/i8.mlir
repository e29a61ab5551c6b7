// remainder: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-68, -126, -97], [-68, 18, 66]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %c2 = shlo.constant {value = dense<[[6, -4, 6], [-4, 1, -1]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %v3 = "shlo.remainder"(%c1, %c2) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2, -2, -1], [0, 0, 0]]> : tensor<2x3xi8>}} : (tensor<2x3xi8>) -> ()
  func.return
}
