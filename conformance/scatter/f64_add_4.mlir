// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.55246618709850071, 0.61616162925182294, 0.45125502636297254, -0.57813939934940195, -0.82223646142961704], [-0.37390734299377004, -0.41793128057722839, 0.80583963058517327, -0.65901977383822974, -0.082646442541605469]]> : tensor<2x5xf64>} : () -> tensor<2x5xf64>
  %c2 = shlo.constant {value = dense<[[1], [3]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %c3 = shlo.constant {value = dense<[-0.58031994023829847, -0.89917790577046885]> : tensor<2xf64>} : () -> tensor<2xf64>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "shlo.return"(%s0) : (tensor<f64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<2x5xf64>, tensor<2x1xi32>, tensor<2xf64>) -> tensor<2x5xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.55246618709850071, 0.035841689013524469, 0.45125502636297254, -0.57813939934940195, -0.82223646142961704], [-0.37390734299377004, -0.41793128057722839, 0.80583963058517327, -1.5581976796086985, -0.082646442541605469]]> : tensor<2x5xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x5xf64>) -> ()
  func.return
}
