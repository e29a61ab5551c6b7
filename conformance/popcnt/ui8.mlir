// popcnt: oracle jax.lax (population_count)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [255, 254, 0, 1], [4, 5, 6, 7], [232, 253, 148, 20]]> : tensor<4x4xui8>} : () -> tensor<4x4xui8>
  %v2 = "shlo.popcnt"(%c1) : (tensor<4x4xui8>) -> tensor<4x4xui8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 1, 1, 2], [8, 7, 0, 1], [1, 2, 2, 3], [4, 7, 3, 2]]> : tensor<4x4xui8>}} : (tensor<4x4xui8>) -> ()
  func.return
}
