// dynamic_update_slice: oracle jax.lax.dynamic_update_slice; start indices clamped
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.450321764, -1.98720372, -2.96271682, -2.27989125, -2.73585677], [1.27577567, 1.42118144, -0.088849768, -1.83755851, 2.64959526], [1.57564604, 1.72395372, 0.860088169, 0.150976285, 2.16916561], [1.21465838, -0.928434431, -8.96367549, -1.60198247, 0.9966861]]> : tensor<4x5xf32>} : () -> tensor<4x5xf32>
  %c2 = shlo.constant {value = dense<[[2.6437397, 2.02446079, -3.54495382], [2.46603584, 1.72352481, -1.02919352]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c3 = shlo.constant {value = dense<0> : tensor<ui32>} : () -> tensor<ui32>
  %c4 = shlo.constant {value = dense<0> : tensor<ui32>} : () -> tensor<ui32>
  %v5 = "shlo.dynamic_update_slice"(%c1, %c2, %c3, %c4) : (tensor<4x5xf32>, tensor<2x3xf32>, tensor<ui32>, tensor<ui32>) -> tensor<4x5xf32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.6437397, 2.02446079, -3.54495382, -2.27989125, -2.73585677], [2.46603584, 1.72352481, -1.02919352, -1.83755851, 2.64959526], [1.57564604, 1.72395372, 0.860088169, 0.150976285, 2.16916561], [1.21465838, -0.928434431, -8.96367549, -1.60198247, 0.9966861]]> : tensor<4x5xf32>}} : (tensor<4x5xf32>) -> ()
  func.return
}
