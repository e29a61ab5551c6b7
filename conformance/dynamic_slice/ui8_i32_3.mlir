// dynamic_slice: oracle jax.lax.dynamic_slice(allow_negative_indices=False): StableHLO clamps, no Python-style wrap
func.func @main() {
  %c1 = shlo.constant {value = dense<[[201, 57, 100, 89, 254], [157, 129, 50, 121, 97], [14, 194, 114, 15, 46], [219, 119, 165, 202, 75]]> : tensor<4x5xui8>} : () -> tensor<4x5xui8>
  %c2 = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %c3 = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %v4 = "shlo.dynamic_slice"(%c1, %c2, %c3) {slice_sizes = array<i64: 2, 3>} : (tensor<4x5xui8>, tensor<i32>, tensor<i32>) -> tensor<2x3xui8>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[201, 57, 100], [157, 129, 50]]> : tensor<2x3xui8>}} : (tensor<2x3xui8>) -> ()
  func.return
}
