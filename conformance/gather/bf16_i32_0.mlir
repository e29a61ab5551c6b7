// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-7.031250e-02, -8.593750e-01, -2.843750e+00, -3.203130e+00], [-8.300780e-02, 2.078130e+00, -1.125000e+00, 3.000000e+00], [1.474610e-01, 4.218750e-01, 5.742190e-01, -1.476560e+00], [4.414060e-01, -4.750000e+00, 3.453130e+00, -1.023440e+00], [-2.636720e-01, 3.554690e-01, 3.296880e+00, 9.570310e-02]]> : tensor<5x4xbf16>} : () -> tensor<5x4xbf16>
  %c2 = shlo.constant {value = dense<[[0], [2], [4]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>} : (tensor<5x4xbf16>, tensor<3x1xi32>) -> tensor<3x4xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-7.031250e-02, -8.593750e-01, -2.843750e+00, -3.203130e+00], [1.474610e-01, 4.218750e-01, 5.742190e-01, -1.476560e+00], [-2.636720e-01, 3.554690e-01, 3.296880e+00, 9.570310e-02]]> : tensor<3x4xbf16>}} : (tensor<3x4xbf16>) -> ()
  func.return
}
