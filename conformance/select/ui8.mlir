// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false, false, false], [true, false, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[44, 149, 107], [232, 67, 169]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %c3 = shlo.constant {value = dense<[[63, 200, 227], [171, 27, 146]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %v4 = "shlo.select"(%c1, %c2, %c3) : (tensor<2x3xi1>, tensor<2x3xui8>, tensor<2x3xui8>) -> tensor<2x3xui8>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[63, 200, 227], [232, 27, 146]]> : tensor<2x3xui8>}} : (tensor<2x3xui8>) -> ()
  func.return
}
