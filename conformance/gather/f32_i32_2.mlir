// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[2.27147985, 0.144794673], [2.42127156, 1.57233167], [3.36864066, 1.43819344], [-3.43819523, -3.41102123]], [[3.21432972, 3.39771152], [1.24691832, -7.96086597], [2.6442678, 3.08001685], [2.50967526, 4.0249629]], [[0.195488095, 2.92181063], [-2.75562167, -0.116985053], [2.757880e+00, -2.56266403], [-3.18781757, 2.31886506]]]> : tensor<3x4x2xf32>} : () -> tensor<3x4x2xf32>
  %c2 = shlo.constant {value = dense<[[0, 1], [2, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf32>, tensor<2x2xi32>) -> tensor<2x2x2xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[2.42127156, 1.57233167], [3.36864066, 1.43819344]], [[0.195488095, 2.92181063], [-2.75562167, -0.116985053]]]> : tensor<2x2x2xf32>}} : (tensor<2x2x2xf32>) -> ()
  func.return
}
