// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.773440e-01, -4.941410e-01, -6.640630e-01], [5.507810e-01, -2.177730e-01, 1.474610e-01], [4.418950e-02, 7.617180e-01, 3.417970e-01], [-8.867180e-01, -8.984370e-01, -8.359380e-01], [3.789060e-01, 4.062500e-01, -7.812500e-01]]> : tensor<5x3xbf16>} : () -> tensor<5x3xbf16>
  %c2 = shlo.constant {value = dense<[[4], [7], [-1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[1.718750e-01, -4.023440e-01, 8.671870e-01], [8.554680e-01, -5.859380e-01, 1.347660e-01], [2.832030e-01, -2.890630e-01, 4.550780e-01]]> : tensor<3x3xbf16>} : () -> tensor<3x3xbf16>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<bf16>, %b0: tensor<bf16>):
    "shlo.return"(%b0) : (tensor<bf16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xbf16>, tensor<3x1xi32>, tensor<3x3xbf16>) -> tensor<5x3xbf16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.773440e-01, -4.941410e-01, -6.640630e-01], [5.507810e-01, -2.177730e-01, 1.474610e-01], [4.418950e-02, 7.617180e-01, 3.417970e-01], [-8.867180e-01, -8.984370e-01, -8.359380e-01], [1.718750e-01, -4.023440e-01, 8.671870e-01]]> : tensor<5x3xbf16>}} : (tensor<5x3xbf16>) -> ()
  func.return
}
