// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.269614041, -0.247426689, 0.407928526], [-0.461084872, -0.738270879, -0.157219633], [-0.776732265, -0.746767163, -0.538133562], [-0.329462886, -0.280450523, 0.408859611], [-0.86992067, 0.296272218, 0.618658721]]> : tensor<5x3xf32>} : () -> tensor<5x3xf32>
  %c2 = shlo.constant {value = dense<[[1], [3], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[-0.32915467, 0.838452101, -0.352917761], [0.85812515, 3.255030e-01, 0.347695351], [0.0234874822, -0.482322842, 0.688597619]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    "shlo.return"(%b0) : (tensor<f32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xf32>, tensor<3x1xi32>, tensor<3x3xf32>) -> tensor<5x3xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.269614041, -0.247426689, 0.407928526], [0.0234874822, -0.482322842, 0.688597619], [-0.776732265, -0.746767163, -0.538133562], [0.85812515, 3.255030e-01, 0.347695351], [-0.86992067, 0.296272218, 0.618658721]]> : tensor<5x3xf32>}} : (tensor<5x3xf32>) -> ()
  func.return
}
