// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[true, true, false, true, true, false]> : tensor<6xi1>} : () -> tensor<6xi1>
  %c2 = shlo.constant {value = dense<[[0], [2], [2], [5]]> : tensor<4x1xi32>} : () -> tensor<4x1xi32>
  %c3 = shlo.constant {value = dense<[true, false, false, true]> : tensor<4xi1>} : () -> tensor<4xi1>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<i1>, %b0: tensor<i1>):
    %s0 = "shlo.or"(%a0, %b0) : (tensor<i1>, tensor<i1>) -> tensor<i1>
    "shlo.return"(%s0) : (tensor<i1>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<6xi1>, tensor<4x1xi32>, tensor<4xi1>) -> tensor<6xi1>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[true, true, false, true, true, true]> : tensor<6xi1>}} : (tensor<6xi1>) -> ()
  func.return
}
