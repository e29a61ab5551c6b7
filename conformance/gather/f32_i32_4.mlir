// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-0.756985247, -7.2487607, -1.95158923], [2.2417984, 1.58459198, 0.794061243], [-2.84314013, -0.981973648, 4.35920095], [-0.0643927082, 3.315330e+00, 0.0524895638], [2.28542209, 6.89454936, 0.981787919]], [[-1.91831589, -2.13808036, 0.94247055], [-2.04697514, -0.0258402433, 1.51308692], [0.216870129, -2.03254247, 3.37628031], [-0.861555635, 1.11537755, -1.22351205], [-1.62974632, 2.48456597, 2.54368925]]]> : tensor<2x5x3xf32>} : () -> tensor<2x5x3xf32>
  %c2 = shlo.constant {value = dense<[[1], [3]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 3>} : (tensor<2x5x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.2417984, 1.58459198, 0.794061243], [-0.861555635, 1.11537755, -1.22351205]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
