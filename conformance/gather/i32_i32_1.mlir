// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[330925573, -236998149, -1871802811, -103428230], [-756555596, 307682913, 104182332, 581334851], [308682520, 555119067, 415039323, 1278221575], [1882093209, -2126828552, -1184539911, 637204092], [-1490350528, 1111973692, 1689215686, -1074720709]]> : tensor<5x4xi32>} : () -> tensor<5x4xi32>
  %c2 = shlo.constant {value = dense<[[1, 1], [4, 3], [-1, 9]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2>} : (tensor<5x4xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[307682913, 104182332], [1689215686, -1074720709], [-1871802811, -103428230]]> : tensor<3x2xi32>}} : (tensor<3x2xi32>) -> ()
  func.return
}
