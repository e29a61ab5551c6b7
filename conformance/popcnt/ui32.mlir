// popcnt: oracle jax.lax (population_count)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [4294967295, 4294967294, 0, 1], [4, 5, 6, 7], [513726819, 4017623147, 1700907756, 509828702]]> : tensor<4x4xui32>} : () -> tensor<4x4xui32>
  %v2 = "shlo.popcnt"(%c1) : (tensor<4x4xui32>) -> tensor<4x4xui32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 1, 1, 2], [32, 31, 0, 1], [1, 2, 2, 3], [18, 17, 16, 18]]> : tensor<4x4xui32>}} : (tensor<4x4xui32>) -> ()
  func.return
}
