// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.86291720679235417, 0.48905261072735218, -0.091601147015008766, -0.53578293956526624, 0.34347248655664442], [0.47070352348595124, -0.23693467334034768, -0.4555621744917745, -0.45415158538009903, 0.34237005139582932]]> : tensor<2x5xf64>} : () -> tensor<2x5xf64>
  %c2 = shlo.constant {value = dense<[[1], [3]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %c3 = shlo.constant {value = dense<[-0.57174149194197654, -0.48468803377837993]> : tensor<2xf64>} : () -> tensor<2xf64>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    "shlo.return"(%b0) : (tensor<f64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<2x5xf64>, tensor<2x1xi32>, tensor<2xf64>) -> tensor<2x5xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.86291720679235417, -0.57174149194197654, -0.091601147015008766, -0.53578293956526624, 0.34347248655664442], [0.47070352348595124, -0.23693467334034768, -0.4555621744917745, -0.48468803377837993, 0.34237005139582932]]> : tensor<2x5xf64>}} : (tensor<2x5xf64>) -> ()
  func.return
}
