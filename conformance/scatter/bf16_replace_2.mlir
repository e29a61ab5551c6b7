// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.708980e-02, -5.195310e-01, 3.066410e-01, 1.533200e-01], [8.281250e-01, -5.664060e-01, 2.011720e-01, 2.656250e-01], [-7.031250e-01, 3.164060e-01, 1.943360e-01, 4.375000e-01], [-2.185060e-02, 8.125000e-01, 8.398430e-01, -8.750000e-01]]> : tensor<4x4xbf16>} : () -> tensor<4x4xbf16>
  %c2 = shlo.constant {value = dense<[[0, 0], [3, 3], [1, 2]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %c3 = shlo.constant {value = dense<[7.421880e-01, -5.000000e-01, 8.515620e-01]> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<bf16>, %b0: tensor<bf16>):
    "shlo.return"(%b0) : (tensor<bf16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<4x4xbf16>, tensor<3x2xi32>, tensor<3xbf16>) -> tensor<4x4xbf16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[7.421880e-01, -5.195310e-01, 3.066410e-01, 1.533200e-01], [8.281250e-01, -5.664060e-01, 8.515620e-01, 2.656250e-01], [-7.031250e-01, 3.164060e-01, 1.943360e-01, 4.375000e-01], [-2.185060e-02, 8.125000e-01, 8.398430e-01, -5.000000e-01]]> : tensor<4x4xbf16>}} : (tensor<4x4xbf16>) -> ()
  func.return
}
