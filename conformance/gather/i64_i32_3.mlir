// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[7125583476171182398, -205379553210858435, -3330101045548574510, -3854161920364092926], [-4988226631974644726, -4999426197939387695, -6002169680044459735, 7125896032253534903], [5215939805891009860, 6839029475770313108, 2606431699965278896, 3040067681016462130], [-2914179099541152316, -4777362496709648679, -5030844240210319394, -4861115409473475217], [2748316839430577955, 4817221955169868339, 9155771871593347324, 3897769589505084665]]> : tensor<5x4xi64>} : () -> tensor<5x4xi64>
  %c2 = shlo.constant {value = dense<[[3], [0], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>} : (tensor<5x4xi64>, tensor<3x1xi32>) -> tensor<3x3xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2914179099541152316, -4777362496709648679, -5030844240210319394], [7125583476171182398, -205379553210858435, -3330101045548574510], [-4988226631974644726, -4999426197939387695, -6002169680044459735]]> : tensor<3x3xi64>}} : (tensor<3x3xi64>) -> ()
  func.return
}
