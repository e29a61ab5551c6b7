// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-4.000000e+00, 1.062500e+00, 1.476560e+00], [-2.562500e+00, 6.757810e-01, -2.703130e+00], [-1.773440e+00, -1.414060e+00, 2.109380e+00], [4.562500e+00, -1.515630e+00, 2.781250e+00], [2.812500e+00, 2.531250e+00, -3.687500e+00]], [[6.757810e-01, -3.093750e+00, 3.781250e+00], [1.984380e+00, -2.453130e+00, -1.812500e+00], [-2.750000e+00, 2.937500e+00, 1.125000e+00], [1.734380e+00, -3.531250e+00, 5.820310e-01], [1.390630e+00, 4.562500e+00, -5.093750e+00]]]> : tensor<2x5x3xbf16>} : () -> tensor<2x5x3xbf16>
  %c2 = shlo.constant {value = dense<[[1], [3]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 3>} : (tensor<2x5x3xbf16>, tensor<2x1xi32>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2.562500e+00, 6.757810e-01, -2.703130e+00], [1.734380e+00, -3.531250e+00, 5.820310e-01]]> : tensor<2x3xbf16>}} : (tensor<2x3xbf16>) -> ()
  func.return
}
