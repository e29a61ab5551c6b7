// not: oracle jax.lax (bitwise_not)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [65535, 65534, 0, 1], [4, 5, 6, 7], [28019, 42558, 33827, 2669]]> : tensor<4x4xui16>} : () -> tensor<4x4xui16>
  %v2 = "shlo.not"(%c1) : (tensor<4x4xui16>) -> tensor<4x4xui16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[65535, 65534, 65533, 65532], [0, 1, 65535, 65534], [65531, 65530, 65529, 65528], [37516, 22977, 31708, 62866]]> : tensor<4x4xui16>}} : (tensor<4x4xui16>) -> ()
  func.return
}
