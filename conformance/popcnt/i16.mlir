// popcnt: oracle jax.lax (population_count)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0, 1, 2, 3], [32767, 32766, -32768, -32767], [-1, -2, -3, 5], [22691, 21291, -11151, 5901]]> : tensor<4x4xi16>} : () -> tensor<4x4xi16>
  %v2 = "shlo.popcnt"(%c1) : (tensor<4x4xi16>) -> tensor<4x4xi16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 1, 1, 2], [15, 14, 1, 2], [16, 15, 15, 2], [7, 8, 8, 7]]> : tensor<4x4xi16>}} : (tensor<4x4xi16>) -> ()
  func.return
}
