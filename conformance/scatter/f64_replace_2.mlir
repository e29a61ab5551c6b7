// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.72955087758525372, -0.83740911226838766, 0.52217711866564265, -0.71879175146563168], [-0.79389526546839406, -0.70654688759889039, 0.56382378728642346, -0.89247519783339979], [0.54699398040410074, 0.31250050198818335, 0.34514766022122012, -0.37843673486963358], [-0.87327449045448446, -0.56523424217644069, 0.666470270926946, 0.37590940796412176]]> : tensor<4x4xf64>} : () -> tensor<4x4xf64>
  %c2 = shlo.constant {value = dense<[[0, 0], [3, 3], [1, 2]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %c3 = shlo.constant {value = dense<[0.39169822468629489, 0.4819493446823625, 0.85259192389968541]> : tensor<3xf64>} : () -> tensor<3xf64>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    "shlo.return"(%b0) : (tensor<f64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<4x4xf64>, tensor<3x2xi32>, tensor<3xf64>) -> tensor<4x4xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.39169822468629489, -0.83740911226838766, 0.52217711866564265, -0.71879175146563168], [-0.79389526546839406, -0.70654688759889039, 0.85259192389968541, -0.89247519783339979], [0.54699398040410074, 0.31250050198818335, 0.34514766022122012, -0.37843673486963358], [-0.87327449045448446, -0.56523424217644069, 0.666470270926946, 0.4819493446823625]]> : tensor<4x4xf64>}} : (tensor<4x4xf64>) -> ()
  func.return
}
