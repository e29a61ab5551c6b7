// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-5.351560e-01, 4.250000e+00, 6.562500e+00, -2.070310e-01], [-4.531250e+00, -8.203130e-01, 1.476560e+00, 1.226560e+00], [-4.937500e+00, -4.638670e-02, 3.343750e+00, -1.593750e+00], [2.871090e-01, 3.671880e+00, 2.021480e-01, 4.750000e+00], [1.171880e+00, 1.777340e-01, -3.765630e+00, -1.593750e+00]]> : tensor<5x4xbf16>} : () -> tensor<5x4xbf16>
  %c2 = shlo.constant {value = dense<[[3], [0], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>} : (tensor<5x4xbf16>, tensor<3x1xi32>) -> tensor<3x3xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.871090e-01, 3.671880e+00, 2.021480e-01], [-5.351560e-01, 4.250000e+00, 6.562500e+00], [-4.531250e+00, -8.203130e-01, 1.476560e+00]]> : tensor<3x3xbf16>}} : (tensor<3x3xbf16>) -> ()
  func.return
}
