// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[545468997, 112593911, -947518865, -1490405183], [-1619496620, -1437308432, 299845646, -1250032845], [930154280, -468401550, 1606667375, -943800143], [-728367239, 1112040856, 1490605056, 342437862], [1874669560, -691605593, -443149606, 1974138275]]> : tensor<5x4xi32>} : () -> tensor<5x4xi32>
  %c2 = shlo.constant {value = dense<[[3], [0], [1]]> : tensor<3x1xi64>} : () -> tensor<3x1xi64>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>} : (tensor<5x4xi32>, tensor<3x1xi64>) -> tensor<3x3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-728367239, 1112040856, 1490605056], [545468997, 112593911, -947518865], [-1619496620, -1437308432, 299845646]]> : tensor<3x3xi32>}} : (tensor<3x3xi32>) -> ()
  func.return
}
