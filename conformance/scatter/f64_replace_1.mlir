// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.84647562900947848, -0.52948479373198909, 0.75844658869043002], [0.56901353260775445, -0.44254892876480384, -0.69684797177632563], [0.32701624089195669, -0.41057481601056306, -0.78325420568296122], [0.68937549863846448, -0.77991997344551389, -0.57828336587912155], [0.81933401832106678, -0.10719658091964457, -0.84121421926620499]]> : tensor<5x3xf64>} : () -> tensor<5x3xf64>
  %c2 = shlo.constant {value = dense<[[1], [3], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[-0.5536129173807911, 0.51002603840293059, 0.3911657749654126], [-0.71760290690857398, -0.54359240740289705, -0.022575387867351471], [-0.4903464777611104, -0.74435965649145353, -0.52056905699327993]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    "shlo.return"(%b0) : (tensor<f64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xf64>, tensor<3x1xi32>, tensor<3x3xf64>) -> tensor<5x3xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.84647562900947848, -0.52948479373198909, 0.75844658869043002], [-0.4903464777611104, -0.74435965649145353, -0.52056905699327993], [0.32701624089195669, -0.41057481601056306, -0.78325420568296122], [-0.71760290690857398, -0.54359240740289705, -0.022575387867351471], [0.81933401832106678, -0.10719658091964457, -0.84121421926620499]]> : tensor<5x3xf64>}} : (tensor<5x3xf64>) -> ()
  func.return
}
