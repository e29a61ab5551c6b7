// negate: oracle jax.lax (neg)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [65535, 65534, 0, 1], [4, 5, 6, 7], [33257, 58274, 38543, 33750]]> : tensor<4x4xui16>} : () -> tensor<4x4xui16>
  %v2 = "shlo.negate"(%c1) : (tensor<4x4xui16>) -> tensor<4x4xui16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 65535, 65534, 65533], [1, 2, 0, 65535], [65532, 65531, 65530, 65529], [32279, 7262, 26993, 31786]]> : tensor<4x4xui16>}} : (tensor<4x4xui16>) -> ()
  func.return
}
