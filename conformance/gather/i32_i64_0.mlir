// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-999232942, -2094352827, 1282416043, 1539606631], [2143327622, -2009786857, -1672407108, 1823108836], [-2007562976, 1199950028, -169737134, 1261474705], [-166711824, 670724113, -1688114357, 646066023], [-569317351, 674571481, 422703346, -705339247]]> : tensor<5x4xi32>} : () -> tensor<5x4xi32>
  %c2 = shlo.constant {value = dense<[[0], [2], [4]]> : tensor<3x1xi64>} : () -> tensor<3x1xi64>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>} : (tensor<5x4xi32>, tensor<3x1xi64>) -> tensor<3x4xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-999232942, -2094352827, 1282416043, 1539606631], [-2007562976, 1199950028, -169737134, 1261474705], [-569317351, 674571481, 422703346, -705339247]]> : tensor<3x4xi32>}} : (tensor<3x4xi32>) -> ()
  func.return
}
