// dynamic_update_slice: oracle jax.lax.dynamic_update_slice; start indices clamped
func.func @main() {
  %c1 = shlo.constant {value = dense<[[201, 57, 100, 89, 254], [157, 129, 50, 121, 97], [14, 194, 114, 15, 46], [219, 119, 165, 202, 75]]> : tensor<4x5xui8>} : () -> tensor<4x5xui8>
  %c2 = shlo.constant {value = dense<[[167, 141, 201], [228, 47, 53]]> : tensor<2x3xui8>} : () -> tensor<2x3xui8>
  %c3 = shlo.constant {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %c4 = shlo.constant {value = dense<7> : tensor<i64>} : () -> tensor<i64>
  %v5 = "shlo.dynamic_update_slice"(%c1, %c2, %c3, %c4) : (tensor<4x5xui8>, tensor<2x3xui8>, tensor<i64>, tensor<i64>) -> tensor<4x5xui8>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[201, 57, 167, 141, 201], [157, 129, 228, 47, 53], [14, 194, 114, 15, 46], [219, 119, 165, 202, 75]]> : tensor<4x5xui8>}} : (tensor<4x5xui8>) -> ()
  func.return
}
