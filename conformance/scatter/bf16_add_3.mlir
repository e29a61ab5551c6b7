// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3.750000e-01, -6.367190e-01, -2.050780e-01], [-5.625000e-01, 5.000000e-01, 3.222660e-01], [-2.558590e-01, -3.496090e-01, 4.921880e-01], [-1.962890e-01, 2.871090e-01, 4.667970e-01], [6.210940e-01, 2.636720e-01, 2.519530e-01]]> : tensor<5x3xbf16>} : () -> tensor<5x3xbf16>
  %c2 = shlo.constant {value = dense<[[4], [7], [-1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[8.554680e-01, 4.375000e-01, -1.501460e-02], [-6.875000e-01, 9.375000e-02, 4.550780e-01], [4.541020e-02, -4.804690e-01, 6.640630e-01]]> : tensor<3x3xbf16>} : () -> tensor<3x3xbf16>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<bf16>, %b0: tensor<bf16>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "shlo.return"(%s0) : (tensor<bf16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xbf16>, tensor<3x1xi32>, tensor<3x3xbf16>) -> tensor<5x3xbf16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3.750000e-01, -6.367190e-01, -2.050780e-01], [-5.625000e-01, 5.000000e-01, 3.222660e-01], [-2.558590e-01, -3.496090e-01, 4.921880e-01], [-1.962890e-01, 2.871090e-01, 4.667970e-01], [1.476560e+00, 7.031250e-01, 2.373050e-01]]> : tensor<5x3xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<5x3xbf16>) -> ()
  func.return
}
