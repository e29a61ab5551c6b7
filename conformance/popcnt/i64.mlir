// popcnt: oracle jax.lax (population_count)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [9223372036854775807, 9223372036854775806, -9223372036854775808, -9223372036854775807], [-1, -2, -3, 5], [6858134573405744314, -3276624890735236161, 3525079856755926841, -1743256681406964436]]> : tensor<4x4xi64>} : () -> tensor<4x4xi64>
  %v2 = "shlo.popcnt"(%c1) : (tensor<4x4xi64>) -> tensor<4x4xi64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 1, 1, 2], [63, 62, 1, 2], [64, 63, 63, 2], [39, 35, 36, 33]]> : tensor<4x4xi64>}} : (tensor<4x4xi64>) -> ()
  func.return
}
