// negate: oracle jax.lax (neg)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [9223372036854775807, 9223372036854775806, -9223372036854775808, -9223372036854775807], [-1, -2, -3, 5], [8225212310363849867, 7438877417985367613, -1100426152863116173, 5163695905650588945]]> : tensor<4x4xi64>} : () -> tensor<4x4xi64>
  %v2 = "shlo.negate"(%c1) : (tensor<4x4xi64>) -> tensor<4x4xi64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, -1, -2, -3], [-9223372036854775807, -9223372036854775806, -9223372036854775808, 9223372036854775807], [1, 2, 3, -5], [-8225212310363849867, -7438877417985367613, 1100426152863116173, -5163695905650588945]]> : tensor<4x4xi64>}} : (tensor<4x4xi64>) -> ()
  func.return
}
