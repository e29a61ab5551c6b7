// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[9.335930e-01, -8.203130e-01], [6.062500e+00, 1.453130e+00], [4.343750e+00, -8.593750e-01], [-2.490230e-01, 1.416020e-01]], [[1.320310e+00, 2.656250e+00], [2.218750e+00, -3.515630e+00], [-3.921880e+00, -1.546880e+00], [-1.453130e+00, -4.093750e+00]], [[1.101560e+00, 3.593750e+00], [3.843750e+00, -2.953130e+00], [-2.609380e+00, 2.875000e+00], [-2.421880e+00, 9.726560e-01]]]> : tensor<3x4x2xbf16>} : () -> tensor<3x4x2xbf16>
  %c2 = shlo.constant {value = dense<[[0, 1], [2, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xbf16>, tensor<2x2xi32>) -> tensor<2x2x2xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[6.062500e+00, 1.453130e+00], [4.343750e+00, -8.593750e-01]], [[1.101560e+00, 3.593750e+00], [3.843750e+00, -2.953130e+00]]]> : tensor<2x2x2xbf16>}} : (tensor<2x2x2xbf16>) -> ()
  func.return
}
