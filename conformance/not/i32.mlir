// not: oracle jax.lax (bitwise_not)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [2147483647, 2147483646, -2147483648, -2147483647], [-1, -2, -3, 5], [-1668170662, 1956353043, -280809885, -214106801]]> : tensor<4x4xi32>} : () -> tensor<4x4xi32>
  %v2 = "shlo.not"(%c1) : (tensor<4x4xi32>) -> tensor<4x4xi32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1, -2, -3, -4], [-2147483648, -2147483647, 2147483647, 2147483646], [0, 1, 2, -6], [1668170661, -1956353044, 280809884, 214106800]]> : tensor<4x4xi32>}} : (tensor<4x4xi32>) -> ()
  func.return
}
