// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.68139910507052714, -0.2907711781988267, 0.12280196334292215, -0.25459624671914716, 0.64546373867181128], [-0.068274573039721065, 0.71064884520819749, -0.13990642423973898, 0.39370829511991878, 0.72623625605355369]]> : tensor<2x5xf64>} : () -> tensor<2x5xf64>
  %c2 = shlo.constant {value = dense<[[1], [3]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %c3 = shlo.constant {value = dense<[-0.19726963659433738, 0.69823406425939283]> : tensor<2xf64>} : () -> tensor<2xf64>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    %s0 = "shlo.maximum"(%a0, %b0) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "shlo.return"(%s0) : (tensor<f64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<2x5xf64>, tensor<2x1xi32>, tensor<2xf64>) -> tensor<2x5xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.68139910507052714, -0.19726963659433738, 0.12280196334292215, -0.25459624671914716, 0.64546373867181128], [-0.068274573039721065, 0.71064884520819749, -0.13990642423973898, 0.69823406425939283, 0.72623625605355369]]> : tensor<2x5xf64>}} : (tensor<2x5xf64>) -> ()
  func.return
}
