// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.65974454160327911, -0.26812060311405683, 0.35779977676476371, -0.62384197207564829], [-0.4767058269694866, 0.29795348897508533, 0.79269132707851753, 0.29503129091523983], [-0.2379773363400487, -0.12530691172010622, -0.80798974965842074, -0.64370686913063824], [0.23033526521938474, 0.348390577006083, -0.8644542528512319, 0.16772595596022877]]> : tensor<4x4xf64>} : () -> tensor<4x4xf64>
  %c2 = shlo.constant {value = dense<[[0, 0], [3, 3], [1, 2]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %c3 = shlo.constant {value = dense<[0.7247483012761583, -0.64157941012202935, 0.58636665153515943]> : tensor<3xf64>} : () -> tensor<3xf64>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    %s0 = "shlo.maximum"(%a0, %b0) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "shlo.return"(%s0) : (tensor<f64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0, 1], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<4x4xf64>, tensor<3x2xi32>, tensor<3xf64>) -> tensor<4x4xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.7247483012761583, -0.26812060311405683, 0.35779977676476371, -0.62384197207564829], [-0.4767058269694866, 0.29795348897508533, 0.79269132707851753, 0.29503129091523983], [-0.2379773363400487, -0.12530691172010622, -0.80798974965842074, -0.64370686913063824], [0.23033526521938474, 0.348390577006083, -0.8644542528512319, 0.16772595596022877]]> : tensor<4x4xf64>}} : (tensor<4x4xf64>) -> ()
  func.return
}
