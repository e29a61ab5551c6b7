// popcnt: oracle jax.lax (population_count)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [2147483647, 2147483646, -2147483648, -2147483647], [-1, -2, -3, 5], [2114288539, 2041032434, -371343119, -250404839]]> : tensor<4x4xi32>} : () -> tensor<4x4xi32>
  %v2 = "shlo.popcnt"(%c1) : (tensor<4x4xi32>) -> tensor<4x4xi32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 1, 1, 2], [31, 30, 1, 2], [32, 31, 31, 2], [19, 20, 18, 12]]> : tensor<4x4xi32>}} : (tensor<4x4xi32>) -> ()
  func.return
}
