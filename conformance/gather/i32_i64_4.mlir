// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[1231852126, -1755526028, 1910580186], [-1298532189, -269724228, 2073714533], [451307446, -67409063, 543893887], [1592616049, -745553560, 88333100], [-821265945, 98576015, -1799788464]], [[527315641, 858697476, 1358555622], [1098983589, 1246702112, 4437632], [52403143, 2031845150, 1390240845], [474162187, 1380260061, -211166768], [1428277578, 2006383547, -1095365998]]]> : tensor<2x5x3xi32>} : () -> tensor<2x5x3xi32>
  %c2 = shlo.constant {value = dense<[[1], [3]]> : tensor<2x1xi64>} : () -> tensor<2x1xi64>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 3>} : (tensor<2x5x3xi32>, tensor<2x1xi64>) -> tensor<2x3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1298532189, -269724228, 2073714533], [474162187, 1380260061, -211166768]]> : tensor<2x3xi32>}} : (tensor<2x3xi32>) -> ()
  func.return
}
