// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.224585578, -0.621259868, -0.6788854], [-0.0394179039, 0.126419485, -0.695818305], [-0.768880129, -0.359639019, -0.475478977], [0.75619024, 0.358853608, -0.45359233], [0.0394426435, -0.850958466, -0.0985923409]]> : tensor<5x3xf32>} : () -> tensor<5x3xf32>
  %c2 = shlo.constant {value = dense<[[4], [7], [-1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[-0.659522772, 0.498867333, 0.794029116], [-0.556067944, 0.0275675468, -0.312731206], [0.111764722, 0.671627402, 0.29432264]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %s0 = "shlo.maximum"(%a0, %b0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "shlo.return"(%s0) : (tensor<f32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xf32>, tensor<3x1xi32>, tensor<3x3xf32>) -> tensor<5x3xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.224585578, -0.621259868, -0.6788854], [-0.0394179039, 0.126419485, -0.695818305], [-0.768880129, -0.359639019, -0.475478977], [0.75619024, 0.358853608, -0.45359233], [0.0394426435, 0.498867333, 0.794029116]]> : tensor<5x3xf32>}} : (tensor<5x3xf32>) -> ()
  func.return
}
