// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.308590e-01, -6.093750e-01, 1.826170e-01], [-3.808590e-01, 3.984380e-01, -1.953130e-02], [4.863280e-01, 6.679690e-01, 2.207030e-01], [6.796880e-01, 9.277340e-02, 3.164060e-01], [-7.968750e-01, -7.148430e-01, -8.554680e-01]]> : tensor<5x3xbf16>} : () -> tensor<5x3xbf16>
  %c2 = shlo.constant {value = dense<[[4], [7], [-1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[-6.289060e-01, -6.914060e-01, -5.546880e-01], [2.890630e-01, -6.523440e-01, 6.875000e-01], [-5.742190e-01, -7.890630e-01, -1.757810e-01]]> : tensor<3x3xbf16>} : () -> tensor<3x3xbf16>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<bf16>, %b0: tensor<bf16>):
    %s0 = "shlo.maximum"(%a0, %b0) : (tensor<bf16>, tensor<bf16>) -> tensor<bf16>
    "shlo.return"(%s0) : (tensor<bf16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xbf16>, tensor<3x1xi32>, tensor<3x3xbf16>) -> tensor<5x3xbf16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.308590e-01, -6.093750e-01, 1.826170e-01], [-3.808590e-01, 3.984380e-01, -1.953130e-02], [4.863280e-01, 6.679690e-01, 2.207030e-01], [6.796880e-01, 9.277340e-02, 3.164060e-01], [-6.289060e-01, -6.914060e-01, -5.546880e-01]]> : tensor<5x3xbf16>}} : (tensor<5x3xbf16>) -> ()
  func.return
}
