// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.484380e-01, -5.249020e-02, 6.250000e-01], [6.640630e-01, 5.781250e-01, -8.828120e-01], [7.578130e-01, -6.484380e-01, 7.304680e-01], [-5.507810e-01, 7.773430e-01, 5.859380e-01], [-3.997800e-03, 7.656250e-01, -1.206050e-01]]> : tensor<5x3xbf16>} : () -> tensor<5x3xbf16>
  %c2 = shlo.constant {value = dense<[[1], [3], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[-3.847660e-01, 2.050780e-01, 5.688480e-02], [5.468750e-01, -1.796880e-01, -6.679690e-01], [-3.847660e-01, -7.382810e-01, 2.060550e-01]]> : tensor<3x3xbf16>} : () -> tensor<3x3xbf16>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<bf16>, %b0: tensor<bf16>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "shlo.return"(%s0) : (tensor<bf16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xbf16>, tensor<3x1xi32>, tensor<3x3xbf16>) -> tensor<5x3xbf16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.484380e-01, -5.249020e-02, 6.250000e-01], [-1.054690e-01, 4.296880e-02, -6.171880e-01], [7.578130e-01, -6.484380e-01, 7.304680e-01], [-3.906250e-03, 5.976560e-01, -8.203130e-02], [-3.997800e-03, 7.656250e-01, -1.206050e-01]]> : tensor<5x3xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<5x3xbf16>) -> ()
  func.return
}
