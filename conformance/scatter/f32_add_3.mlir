// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.736668527, -0.114059836, 0.866170763], [-0.23347564, -0.818045079, 0.13789393], [-0.162260637, -0.43277663, 0.55148524], [0.793821215, -0.0419739708, 0.28485015], [-0.276834458, -0.349660188, 0.547477484]]> : tensor<5x3xf32>} : () -> tensor<5x3xf32>
  %c2 = shlo.constant {value = dense<[[4], [7], [-1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[0.65084362, 0.867655396, 0.0311188158], [0.655543744, -0.464804173, -0.0333943516], [-0.631407738, 0.430909872, -0.275710553]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "shlo.return"(%s0) : (tensor<f32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xf32>, tensor<3x1xi32>, tensor<3x3xf32>) -> tensor<5x3xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.736668527, -0.114059836, 0.866170763], [-0.23347564, -0.818045079, 0.13789393], [-0.162260637, -0.43277663, 0.55148524], [0.793821215, -0.0419739708, 0.28485015], [0.374009162, 0.517995238, 0.578596294]]> : tensor<5x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<5x3xf32>) -> ()
  func.return
}
