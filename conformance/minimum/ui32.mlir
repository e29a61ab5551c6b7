// minimum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[665654956, 867690808, 1442685254], [2561141238, 768963323, 1990248924]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %c2 = shlo.constant {value = dense<[[2965693613, 735158197, 384634454], [3832224651, 3532951695, 1747703652]]> : tensor<2x3xui32>} : () -> tensor<2x3xui32>
  %v3 = "shlo.minimum"(%c1, %c2) : (tensor<2x3xui32>, tensor<2x3xui32>) -> tensor<2x3xui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[665654956, 735158197, 384634454], [2561141238, 768963323, 1747703652]]> : tensor<2x3xui32>}} : (tensor<2x3xui32>) -> ()
  func.return
}
