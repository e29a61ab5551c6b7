// count_leading_zeros: oracle jax.lax (clz)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [9223372036854775807, 9223372036854775806, -9223372036854775808, -9223372036854775807], [-1, -2, -3, 5], [2272378487218954984, 2854082972485678301, -6573283158920189236, -2361823069275031441]]> : tensor<4x4xi64>} : () -> tensor<4x4xi64>
  %v2 = "shlo.count_leading_zeros"(%c1) : (tensor<4x4xi64>) -> tensor<4x4xi64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[64, 63, 62, 62], [1, 1, 0, 0], [0, 0, 0, 61], [3, 2, 0, 0]]> : tensor<4x4xi64>}} : (tensor<4x4xi64>) -> ()
  func.return
}
