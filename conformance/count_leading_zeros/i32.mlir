// count_leading_zeros: oracle jax.lax (clz)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [2147483647, 2147483646, -2147483648, -2147483647], [-1, -2, -3, 5], [-334222069, 799878019, -1211874008, 1057140915]]> : tensor<4x4xi32>} : () -> tensor<4x4xi32>
  %v2 = "shlo.count_leading_zeros"(%c1) : (tensor<4x4xi32>) -> tensor<4x4xi32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[32, 31, 30, 30], [1, 1, 0, 0], [0, 0, 0, 29], [0, 2, 0, 2]]> : tensor<4x4xi32>}} : (tensor<4x4xi32>) -> ()
  func.return
}
