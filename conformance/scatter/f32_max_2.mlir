// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.664948284, 0.0197171364, -0.696244657, 0.10381598], [-0.190071553, -0.873015582, -0.33221969, 0.566112399], [-0.466766119, -0.0200490914, 0.349945605, 0.166752428], [-0.141553074, -0.366026044, -0.0843036994, -0.378348231]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %c2 = shlo.constant {value = dense<[[0, 0], [3, 3], [1, 2]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %c3 = shlo.constant {value = dense<[0.42388159, -0.634782553, 0.505090654]> : tensor<3xf32>} : () -> tensor<3xf32>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %s0 = "shlo.maximum"(%a0, %b0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "shlo.return"(%s0) : (tensor<f32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<4x4xf32>, tensor<3x2xi32>, tensor<3xf32>) -> tensor<4x4xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.664948284, 0.0197171364, -0.696244657, 0.10381598], [-0.190071553, -0.873015582, 0.505090654, 0.566112399], [-0.466766119, -0.0200490914, 0.349945605, 0.166752428], [-0.141553074, -0.366026044, -0.0843036994, -0.378348231]]> : tensor<4x4xf32>}} : (tensor<4x4xf32>) -> ()
  func.return
}
