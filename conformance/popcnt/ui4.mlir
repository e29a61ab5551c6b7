// popcnt: oracle jax.lax (population_count)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [15, 14, 0, 1], [4, 5, 6, 7], [15, 2, 3, 15]]> : tensor<4x4xui4>} : () -> tensor<4x4xui4>
  %v2 = "shlo.popcnt"(%c1) : (tensor<4x4xui4>) -> tensor<4x4xui4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 1, 1, 2], [4, 3, 0, 1], [1, 2, 2, 3], [4, 1, 2, 4]]> : tensor<4x4xui4>}} : (tensor<4x4xui4>) -> ()
  func.return
}
