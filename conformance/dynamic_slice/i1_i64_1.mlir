// dynamic_slice: oracle jax.lax.dynamic_slice(allow_negative_indices=False): StableHLO clamps, no Python-style wrap
func.func @main() {
  %c1 = shlo.constant {value = dense<[[true, false, false, false, false], [true, false, true, true, true], [true, false, false, true, true], [false, false, false, false, true]]> : tensor<4x5xi1>} : () -> tensor<4x5xi1>
  %c2 = shlo.constant {value = dense<3> : tensor<i64>} : () -> tensor<i64>
  %c3 = shlo.constant {value = dense<4> : tensor<i64>} : () -> tensor<i64>
  %v4 = "shlo.dynamic_slice"(%c1, %c2, %c3) {slice_sizes = array<i64: 2, 3>} : (tensor<4x5xi1>, tensor<i64>, tensor<i64>) -> tensor<2x3xi1>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[false, true, true], [false, false, true]]> : tensor<2x3xi1>}} : (tensor<2x3xi1>) -> ()
  func.return
}
