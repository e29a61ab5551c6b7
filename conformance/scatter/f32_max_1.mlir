// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.449131936, -0.256706983, -0.619653403], [-0.482952029, -0.40182808, -0.705259085], [0.252577037, 2.650800e-01, 0.372253537], [0.704097568, 0.505799711, -0.83340609], [0.497016877, 0.749430954, 0.832793176]]> : tensor<5x3xf32>} : () -> tensor<5x3xf32>
  %c2 = shlo.constant {value = dense<[[1], [3], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[0.00427517621, -4.845570e-02, 0.0380285867], [-0.168927506, -0.451589197, -0.303196967], [0.870653212, 0.213756815, 0.636263967]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f32>, %b0: tensor<f32>):
    %s0 = "shlo.maximum"(%a0, %b0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    "shlo.return"(%s0) : (tensor<f32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xf32>, tensor<3x1xi32>, tensor<3x3xf32>) -> tensor<5x3xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.449131936, -0.256706983, -0.619653403], [0.870653212, 0.213756815, 0.636263967], [0.252577037, 2.650800e-01, 0.372253537], [0.704097568, 0.505799711, -0.303196967], [0.497016877, 0.749430954, 0.832793176]]> : tensor<5x3xf32>}} : (tensor<5x3xf32>) -> ()
  func.return
}
