// minimum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[91, 1, 57], [-75, -48, 72]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %c2 = shlo.constant {value = dense<[[35, 28, -25], [103, 65, -24]]> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %v3 = "shlo.minimum"(%c1, %c2) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[35, 1, -25], [-75, -48, -24]]> : tensor<2x3xi8>}} : (tensor<2x3xi8>) -> ()
  func.return
}
