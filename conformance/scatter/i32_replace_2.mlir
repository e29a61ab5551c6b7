// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-5, 4, 8, 4], [4, -9, 6, 8], [0, -6, -3, -4], [4, -2, 8, -3]]> : tensor<4x4xi32>} : () -> tensor<4x4xi32>
  %c2 = shlo.constant {value = dense<[[0, 0], [3, 3], [1, 2]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %c3 = shlo.constant {value = dense<[-3, -6, -1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<i32>, %b0: tensor<i32>):
    "shlo.return"(%b0) : (tensor<i32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<4x4xi32>, tensor<3x2xi32>, tensor<3xi32>) -> tensor<4x4xi32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3, 4, 8, 4], [4, -9, -1, 8], [0, -6, -3, -4], [4, -2, 8, -6]]> : tensor<4x4xi32>}} : (tensor<4x4xi32>) -> ()
  func.return
}
