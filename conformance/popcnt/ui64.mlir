// popcnt: oracle jax.lax (population_count)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [18446744073709551615, 18446744073709551614, 0, 1], [4, 5, 6, 7], [15697409455263076087, 4076222029942960551, 10817190900789497614, 10152392761837964014]]> : tensor<4x4xui64>} : () -> tensor<4x4xui64>
  %v2 = "shlo.popcnt"(%c1) : (tensor<4x4xui64>) -> tensor<4x4xui64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 1, 1, 2], [64, 63, 0, 1], [1, 2, 2, 3], [36, 32, 34, 34]]> : tensor<4x4xui64>}} : (tensor<4x4xui64>) -> ()
  func.return
}
