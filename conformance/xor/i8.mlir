// xor: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[35, -124, 113], [90, 120, -33]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %c2 = shlo.constant {value = dense<[[109, -47, 69], [-121, 19, -85]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %v3 = "shlo.xor"(%c1, %c2) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[78, 85, 52], [-35, 107, 116]]> : tensor<2x3xi8>}} : (tensor<2x3xi8>) -> ()
  func.return
}
