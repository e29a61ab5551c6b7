// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[-0.705645561, 0.172968462, 0.204807058, 0.736992537, 0.359792173, -0.38963294]> : tensor<6xf32>} : () -> tensor<6xf32>
  %c2 = shlo.constant {value = dense<[[0], [2], [2], [5]]> : tensor<4x1xi32>} : () -> tensor<4x1xi32>
  %c3 = shlo.constant {value = dense<[0.161175609, 0.519951046, -0.359694809, -0.0522508211]> : tensor<4xf32>} : () -> tensor<4xf32>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "shlo.return"(%s0) : (tensor<f32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<6xf32>, tensor<4x1xi32>, tensor<4xf32>) -> tensor<6xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-0.544469953, 0.172968462, 0.36506328, 0.736992537, 0.359792173, -0.441883773]> : tensor<6xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<6xf32>) -> ()
  func.return
}
