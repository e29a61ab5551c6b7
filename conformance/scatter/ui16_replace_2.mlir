// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[5, 4, 7, 1], [5, 5, 0, 1], [9, 5, 2, 0], [3, 3, 7, 3]]> : tensor<4x4xui16>} : () -> tensor<4x4xui16>
  %c2 = shlo.constant {value = dense<[[0, 0], [3, 3], [1, 2]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %c3 = shlo.constant {value = dense<[2, 2, 9]> : tensor<3xui16>} : () -> tensor<3xui16>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<ui16>, %b0: tensor<ui16>):
    "shlo.return"(%b0) : (tensor<ui16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<4x4xui16>, tensor<3x2xi32>, tensor<3xui16>) -> tensor<4x4xui16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2, 4, 7, 1], [5, 5, 9, 1], [9, 5, 2, 0], [3, 3, 7, 2]]> : tensor<4x4xui16>}} : (tensor<4x4xui16>) -> ()
  func.return
}
