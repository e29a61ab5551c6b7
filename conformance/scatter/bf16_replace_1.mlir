// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[8.850090e-04, 3.076170e-02, 7.890630e-01], [-5.820310e-01, 2.128910e-01, 7.343750e-01], [2.285160e-01, 3.730470e-01, -4.414060e-01], [-2.656250e-01, 2.160640e-02, -4.511720e-01], [-2.148440e-02, 4.238280e-01, -3.789060e-01]]> : tensor<5x3xbf16>} : () -> tensor<5x3xbf16>
  %c2 = shlo.constant {value = dense<[[1], [3], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[-1.933590e-01, 6.171880e-01, 1.171880e-01], [-3.750000e-01, 5.429690e-01, 9.277340e-02], [1.494140e-01, 6.933590e-02, -3.652340e-01]]> : tensor<3x3xbf16>} : () -> tensor<3x3xbf16>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<bf16>, %b0: tensor<bf16>):
    "shlo.return"(%b0) : (tensor<bf16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xbf16>, tensor<3x1xi32>, tensor<3x3xbf16>) -> tensor<5x3xbf16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[8.850090e-04, 3.076170e-02, 7.890630e-01], [1.494140e-01, 6.933590e-02, -3.652340e-01], [2.285160e-01, 3.730470e-01, -4.414060e-01], [-3.750000e-01, 5.429690e-01, 9.277340e-02], [-2.148440e-02, 4.238280e-01, -3.789060e-01]]> : tensor<5x3xbf16>}} : (tensor<5x3xbf16>) -> ()
  func.return
}
