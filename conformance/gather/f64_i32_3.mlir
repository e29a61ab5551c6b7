// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-4.2781411027611229, 3.4112707607983426, 2.8310272340568052, 1.5604282517879677], [-3.3261889614632709, 3.0393014223215529, 0.51311206281061195, 1.1567977066117314], [-2.9064055505441626, -2.125384890491806, -1.7784373293062714, 2.07153323394202], [-3.5259635696432974, 2.5601782592953137, -6.8558722049735925, 0.90120084747201812], [-3.0441634698964561, 1.0783475433684755, 2.1659230068777147, 1.0156471932066287]]> : tensor<5x4xf64>} : () -> tensor<5x4xf64>
  %c2 = shlo.constant {value = dense<[[3], [0], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>} : (tensor<5x4xf64>, tensor<3x1xi32>) -> tensor<3x3xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3.5259635696432974, 2.5601782592953137, -6.8558722049735925], [-4.2781411027611229, 3.4112707607983426, 2.8310272340568052], [-3.3261889614632709, 3.0393014223215529, 0.51311206281061195]]> : tensor<3x3xf64>}} : (tensor<3x3xf64>) -> ()
  func.return
}
