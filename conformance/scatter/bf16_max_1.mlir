// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.281250e-01, -4.765630e-01, 7.031250e-01], [6.718750e-01, -7.714840e-02, 1.884770e-01], [7.304680e-01, 6.953130e-01, 7.851560e-01], [4.062500e-01, 7.968750e-01, -5.781250e-01], [-3.671880e-01, -6.601560e-01, -4.687500e-01]]> : tensor<5x3xbf16>} : () -> tensor<5x3xbf16>
  %c2 = shlo.constant {value = dense<[[1], [3], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[-2.258300e-02, 6.484380e-01, -8.710930e-01], [3.730470e-01, -2.275390e-01, 7.656250e-01], [8.125000e-01, -8.046880e-01, 6.640630e-01]]> : tensor<3x3xbf16>} : () -> tensor<3x3xbf16>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<bf16>, %b0: tensor<bf16>):
    %s0 = "shlo.maximum"(%a0, %b0) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "shlo.return"(%s0) : (tensor<bf16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xbf16>, tensor<3x1xi32>, tensor<3x3xbf16>) -> tensor<5x3xbf16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3.281250e-01, -4.765630e-01, 7.031250e-01], [8.125000e-01, 6.484380e-01, 6.640630e-01], [7.304680e-01, 6.953130e-01, 7.851560e-01], [4.062500e-01, 7.968750e-01, 7.656250e-01], [-3.671880e-01, -6.601560e-01, -4.687500e-01]]> : tensor<5x3xbf16>}} : (tensor<5x3xbf16>) -> ()
  func.return
}
