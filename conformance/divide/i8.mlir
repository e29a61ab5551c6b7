// divide: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4, -7, -5], [122, -128, -97]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %c2 = shlo.constant {value = dense<[[1, -9, 6], [-2, 1, -4]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %v3 = "shlo.divide"(%c1, %c2) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[4, 0, 0], [-61, -128, 24]]> : tensor<2x3xi8>}} : (tensor<2x3xi8>) -> ()
  func.return
}
