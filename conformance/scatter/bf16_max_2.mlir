// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-5.625000e-01, 1.035160e-01, -6.601560e-01, -6.015630e-01], [1.679690e-01, -8.671870e-01, 4.913330e-03, -7.304680e-01], [6.796880e-01, -2.275390e-01, -3.828130e-01, -3.222660e-01], [1.269530e-01, -5.625000e-01, -1.894530e-01, -3.378910e-01]]> : tensor<4x4xbf16>} : () -> tensor<4x4xbf16>
  %c2 = shlo.constant {value = dense<[[0, 0], [3, 3], [1, 2]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %c3 = shlo.constant {value = dense<[-1.137700e-01, -3.242190e-01, -4.707030e-01]> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<bf16>, %b0: tensor<bf16>):
    %s0 = "shlo.maximum"(%a0, %b0) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "shlo.return"(%s0) : (tensor<bf16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<4x4xbf16>, tensor<3x2xi32>, tensor<3xbf16>) -> tensor<4x4xbf16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.137700e-01, 1.035160e-01, -6.601560e-01, -6.015630e-01], [1.679690e-01, -8.671870e-01, 4.913330e-03, -7.304680e-01], [6.796880e-01, -2.275390e-01, -3.828130e-01, -3.222660e-01], [1.269530e-01, -5.625000e-01, -1.894530e-01, -3.242190e-01]]> : tensor<4x4xbf16>}} : (tensor<4x4xbf16>) -> ()
  func.return
}
