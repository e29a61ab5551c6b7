// abs: oracle jax.lax (abs)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [9223372036854775807, 9223372036854775806, -9223372036854775808, -9223372036854775807], [-1, -2, -3, 5], [635159017334598323, -4176708283260610668, 8048044334288097604, 6157898172619993786]]> : tensor<4x4xi64>} : () -> tensor<4x4xi64>
  %v2 = "shlo.abs"(%c1) : (tensor<4x4xi64>) -> tensor<4x4xi64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 1, 2, 3], [9223372036854775807, 9223372036854775806, -9223372036854775808, 9223372036854775807], [1, 2, 3, 5], [635159017334598323, 4176708283260610668, 8048044334288097604, 6157898172619993786]]> : tensor<4x4xi64>}} : (tensor<4x4xi64>) -> ()
  func.return
}
