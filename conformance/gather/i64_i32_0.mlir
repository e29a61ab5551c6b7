// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-2635113251262123307, 6419777564451876580, -5488415418205070471, 928189534442586597], [-1563796678613466454, 2221911640096818609, -3730268612392334831, -2066135065437370076], [-1097858057111487153, -4036637245942225291, -2933344918623530316, 5386491554682878423], [6981728375636578981, -6030553530761054098, -235311922894039286, 6923275075855838965], [-7259716583289323760, -8743673750313613941, -483644947023513160, -5478079543481216174]]> : tensor<5x4xi64>} : () -> tensor<5x4xi64>
  %c2 = shlo.constant {value = dense<[[0], [2], [4]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>} : (tensor<5x4xi64>, tensor<3x1xi32>) -> tensor<3x4xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2635113251262123307, 6419777564451876580, -5488415418205070471, 928189534442586597], [-1097858057111487153, -4036637245942225291, -2933344918623530316, 5386491554682878423], [-7259716583289323760, -8743673750313613941, -483644947023513160, -5478079543481216174]]> : tensor<3x4xi64>}} : (tensor<3x4xi64>) -> ()
  func.return
}
