// dynamic_slice: oracle jax.lax.dynamic_slice(allow_negative_indices=False): StableHLO clamps, no Python-style wrap
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.450321764, -1.98720372, -2.96271682, -2.27989125, -2.73585677], [1.27577567, 1.42118144, -0.088849768, -1.83755851, 2.64959526], [1.57564604, 1.72395372, 0.860088169, 0.150976285, 2.16916561], [1.21465838, -0.928434431, -8.96367549, -1.60198247, 0.9966861]]> : tensor<4x5xf32>} : () -> tensor<4x5xf32>
  %c2 = shlo.constant {value = dense<0> : tensor<i8>} : () -> tensor<i8>
  %c3 = shlo.constant {value = dense<0> : tensor<i8>} : () -> tensor<i8>
  %v4 = "shlo.dynamic_slice"(%c1, %c2, %c3) {slice_sizes = array<i64: 2, 3>} : (tensor<4x5xf32>, tensor<i8>, tensor<i8>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.450321764, -1.98720372, -2.96271682], [1.27577567, 1.42118144, -0.088849768]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
