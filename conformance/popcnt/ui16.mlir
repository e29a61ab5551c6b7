// popcnt: oracle jax.lax (population_count)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [65535, 65534, 0, 1], [4, 5, 6, 7], [5758, 49416, 29739, 31668]]> : tensor<4x4xui16>} : () -> tensor<4x4xui16>
  %v2 = "shlo.popcnt"(%c1) : (tensor<4x4xui16>) -> tensor<4x4xui16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 1, 1, 2], [16, 15, 0, 1], [1, 2, 2, 3], [9, 4, 8, 10]]> : tensor<4x4xui16>}} : (tensor<4x4xui16>) -> ()
  func.return
}
