// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4.492190e-01, 9.492180e-01, -1.812500e+00, 2.734380e+00], [-4.343750e+00, 6.125000e+00, 1.718750e+00, 4.902340e-01], [2.539060e-01, 4.531250e+00, -4.843750e+00, -3.390630e+00], [1.046880e+00, -3.140630e+00, 1.421880e+00, 3.000000e+00], [1.476560e+00, 4.492190e-01, 3.968750e+00, 1.757810e+00]]> : tensor<5x4xbf16>} : () -> tensor<5x4xbf16>
  %c2 = shlo.constant {value = dense<[[1, 1], [4, 3], [-1, 9]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2>} : (tensor<5x4xbf16>, tensor<3x2xi32>) -> tensor<3x2xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[6.125000e+00, 1.718750e+00], [3.968750e+00, 1.757810e+00], [-1.812500e+00, 2.734380e+00]]> : tensor<3x2xbf16>}} : (tensor<3x2xbf16>) -> ()
  func.return
}
