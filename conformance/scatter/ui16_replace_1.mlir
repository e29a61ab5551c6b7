// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[5, 3, 6], [1, 4, 6], [9, 3, 5], [8, 9, 8], [1, 1, 7]]> : tensor<5x3xui16>} : () -> tensor<5x3xui16>
  %c2 = shlo.constant {value = dense<[[1], [3], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[8, 1, 3], [6, 8, 6], [5, 6, 8]]> : tensor<3x3xui16>} : () -> tensor<3x3xui16>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<ui16>, %b0: tensor<ui16>):
    "shlo.return"(%b0) : (tensor<ui16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xui16>, tensor<3x1xi32>, tensor<3x3xui16>) -> tensor<5x3xui16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[5, 3, 6], [5, 6, 8], [9, 3, 5], [6, 8, 6], [1, 1, 7]]> : tensor<5x3xui16>}} : (tensor<5x3xui16>) -> ()
  func.return
}
