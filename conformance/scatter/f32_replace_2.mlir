// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.309006244, 0.462166637, 0.809121549, 0.468132615], [-0.101009279, 0.127690107, 0.871102631, 0.713239252], [-0.719500958, 0.0651968047, -0.333495349, 0.629342496], [0.0577937178, -0.338800251, 0.636738539, 0.565300822]]> : tensor<4x4xf32>} : () -> tensor<4x4xf32>
  %c2 = shlo.constant {value = dense<[[0, 0], [3, 3], [1, 2]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %c3 = shlo.constant {value = dense<[0.22800222, 0.65206021, 0.314399302]> : tensor<3xf32>} : () -> tensor<3xf32>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    "shlo.return"(%b0) : (tensor<f32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<4x4xf32>, tensor<3x2xi32>, tensor<3xf32>) -> tensor<4x4xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.22800222, 0.462166637, 0.809121549, 0.468132615], [-0.101009279, 0.127690107, 0.314399302, 0.713239252], [-0.719500958, 0.0651968047, -0.333495349, 0.629342496], [0.0577937178, -0.338800251, 0.636738539, 0.65206021]]> : tensor<4x4xf32>}} : (tensor<4x4xf32>) -> ()
  func.return
}
