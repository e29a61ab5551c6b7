// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.2874604417630201, -0.086981826627188008, -0.6842481227656565, 0.034536352934888548, 0.81649607577799344, -0.79265266475560037]> : tensor<6xf64>} : () -> tensor<6xf64>
  %c2 = shlo.constant {value = dense<[[0], [2], [3], [5]]> : tensor<4x1xi32>} : () -> tensor<4x1xi32>
  %c3 = shlo.constant {value = dense<[-0.67453299364685559, -0.62181483390483794, 0.076131915974491204, -0.64903563941992859]> : tensor<4xf64>} : () -> tensor<4xf64>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    "shlo.return"(%b0) : (tensor<f64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<6xf64>, tensor<4x1xi32>, tensor<4xf64>) -> tensor<6xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-0.67453299364685559, -0.086981826627188008, -0.62181483390483794, 0.076131915974491204, 0.81649607577799344, -0.64903563941992859]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
