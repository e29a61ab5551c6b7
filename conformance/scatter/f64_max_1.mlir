// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.50675142144182395, -0.34730863509529164, -0.53915507509399796], [-0.26899679176528135, -0.54217662785119725, 0.34018060347787815], [0.19298916000744348, 0.27772331056424482, 0.30080981764795289], [-0.60402287723650572, -0.64179377048926711, 0.073983274058540105], [0.51865345307730959, 0.81312479875101784, 0.7246972356096516]]> : tensor<5x3xf64>} : () -> tensor<5x3xf64>
  %c2 = shlo.constant {value = dense<[[1], [3], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[0.0051964231688210738, -0.72264618998573171, 0.31718309385912991], [0.69357281910928414, -0.44951331657261856, -0.092218418060177498], [0.51317864520214773, 0.66519532282390459, 0.44913397109620889]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    %s0 = "shlo.maximum"(%a0, %b0) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "shlo.return"(%s0) : (tensor<f64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xf64>, tensor<3x1xi32>, tensor<3x3xf64>) -> tensor<5x3xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.50675142144182395, -0.34730863509529164, -0.53915507509399796], [0.51317864520214773, 0.66519532282390459, 0.44913397109620889], [0.19298916000744348, 0.27772331056424482, 0.30080981764795289], [0.69357281910928414, -0.44951331657261856, 0.073983274058540105], [0.51865345307730959, 0.81312479875101784, 0.7246972356096516]]> : tensor<5x3xf64>}} : (tensor<5x3xf64>) -> ()
  func.return
}
