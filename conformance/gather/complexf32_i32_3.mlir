// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.531303346, 1.14139116, 0.582563043, 1.94425845], [-1.59132195, 1.47031736, -2.47135377, -0.904385387], [1.73719954, -3.41704106, -4.25329065, 1.72985244], [1.38559413, -4.01517296, 2.21400404, 0.0975069254], [-7.569550e-01, -2.94769859, 0.173609585, 0.194743276]]> : tensor<5x4xf32>} : () -> tensor<5x4xf32>
  %c2 = shlo.constant {value = dense<[[-0.573924065, 0.136158079, 1.12538099, 0.310976088], [0.627294063, 4.00336599, 1.90672851, -3.09810209], [1.32316792, -2.62030053, -4.44235563, -1.99836624], [0.566568255, -1.08719683, 0.84802258, -0.223118916], [-1.42198384, -0.740270137, -1.33633125, 0.946837306]]> : tensor<5x4xf32>} : () -> tensor<5x4xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x4xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[[3], [0], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %v5 = "shlo.gather"(%v3, %c4) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>} : (tensor<5x4xcomplex<f32>>, tensor<3x1xi32>) -> tensor<3x3xcomplex<f32>>
  %v6 = "shlo.real"(%v5) : (tensor<3x3xcomplex<f32>>) -> tensor<3x3xf32>
  %v7 = "shlo.imag"(%v5) : (tensor<3x3xcomplex<f32>>) -> tensor<3x3xf32>
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.38559413, -4.01517296, 2.21400404], [0.531303346, 1.14139116, 0.582563043], [-1.59132195, 1.47031736, -2.47135377]]> : tensor<3x3xf32>}} : (tensor<3x3xf32>) -> ()
  "shlo.custom_call"(%v7) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.566568255, -1.08719683, 0.84802258], [-0.573924065, 0.136158079, 1.12538099], [0.627294063, 4.00336599, 1.90672851]]> : tensor<3x3xf32>}} : (tensor<3x3xf32>) -> ()
  func.return
}
