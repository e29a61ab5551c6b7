// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[-0.38903802259120557, 0.63139248052254671, -0.89264242034191288, 0.31808920177347277, 0.30401854676797424, -0.50755143899726285]> : tensor<6xf64>} : () -> tensor<6xf64>
  %c2 = shlo.constant {value = dense<[[0], [2], [2], [5]]> : tensor<4x1xi32>} : () -> tensor<4x1xi32>
  %c3 = shlo.constant {value = dense<[0.77303853079024998, -0.31843513144356939, 0.33454178057548012, -0.086713906482151715]> : tensor<4xf64>} : () -> tensor<4xf64>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "shlo.return"(%s0) : (tensor<f64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<6xf64>, tensor<4x1xi32>, tensor<4xf64>) -> tensor<6xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.38400050819904441, 0.63139248052254671, -0.87653577121000203, 0.31808920177347277, 0.30401854676797424, -0.59426534547941456]> : tensor<6xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<6xf64>) -> ()
  func.return
}
