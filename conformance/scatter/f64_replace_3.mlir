// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.19249838872096958, 0.71267382447126881, 0.020288932667226089], [-0.23490337604653722, -0.79629884220041591, -0.79289850346041302], [-0.04649526843586993, -0.59694169641591133, -0.24234332233636968], [0.4428089092975579, -0.13891372981978656, 0.63719315913111718], [0.71589453159596916, -0.17296806296806078, 0.69781467859465496]]> : tensor<5x3xf64>} : () -> tensor<5x3xf64>
  %c2 = shlo.constant {value = dense<[[4], [7], [-1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[0.71877078215005852, 0.53368866468955745, 0.72606761586657942], [0.068827931218916061, 0.11775854903178773, -0.45000271864003111], [0.38027612318334303, 0.41466966580200382, -0.43356243719492848]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    "shlo.return"(%b0) : (tensor<f64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xf64>, tensor<3x1xi32>, tensor<3x3xf64>) -> tensor<5x3xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.19249838872096958, 0.71267382447126881, 0.020288932667226089], [-0.23490337604653722, -0.79629884220041591, -0.79289850346041302], [-0.04649526843586993, -0.59694169641591133, -0.24234332233636968], [0.4428089092975579, -0.13891372981978656, 0.63719315913111718], [0.71877078215005852, 0.53368866468955745, 0.72606761586657942]]> : tensor<5x3xf64>}} : (tensor<5x3xf64>) -> ()
  func.return
}
