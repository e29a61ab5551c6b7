// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[7.187500e-01, -3.300780e-01, 3.164060e-01, -5.029300e-02], [-4.101560e-01, -8.632810e-01, -4.628910e-01, 6.601560e-01], [-8.906250e-01, -5.703130e-01, 1.572270e-01, -1.767580e-01], [8.203130e-01, -6.875000e-01, -8.164060e-01, 4.335940e-01]]> : tensor<4x4xbf16>} : () -> tensor<4x4xbf16>
  %c2 = shlo.constant {value = dense<[[0, 0], [3, 3], [1, 2]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %c3 = shlo.constant {value = dense<[4.023440e-01, -4.375000e-01, -5.703130e-01]> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<bf16>, %b0: tensor<bf16>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "shlo.return"(%s0) : (tensor<bf16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<4x4xbf16>, tensor<3x2xi32>, tensor<3xbf16>) -> tensor<4x4xbf16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.125000e+00, -3.300780e-01, 3.164060e-01, -5.029300e-02], [-4.101560e-01, -8.632810e-01, -1.031250e+00, 6.601560e-01], [-8.906250e-01, -5.703130e-01, 1.572270e-01, -1.767580e-01], [8.203130e-01, -6.875000e-01, -8.164060e-01, -3.906250e-03]]> : tensor<4x4xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<4x4xbf16>) -> ()
  func.return
}
