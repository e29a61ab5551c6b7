// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-1099112292, 788279929], [-1749286284, -910698116], [-1686274290, -1703784348], [1732131379, -1613396762]], [[413578929, 434304824], [-254038462, 841002556], [-153345124, -2080910583], [-2064473748, -445237488]], [[87137918, -1085504667], [1078670882, -1934086601], [1186685791, 1094021182], [1054905553, -713772706]]]> : tensor<3x4x2xi32>} : () -> tensor<3x4x2xi32>
  %c2 = shlo.constant {value = dense<[[0, 1], [2, 0]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xi32>, tensor<2x2xi64>) -> tensor<2x2x2xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[-1749286284, -910698116], [-1686274290, -1703784348]], [[87137918, -1085504667], [1078670882, -1934086601]]]> : tensor<2x2x2xi32>}} : (tensor<2x2x2xi32>) -> ()
  func.return
}
