// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-4.325300e-02, 1.99878275, 3.160040e+00, -0.0282935072], [-0.623481273, -5.90162468, -3.02156329, -2.71422052], [2.30163765, 3.47912264, 0.673585176, -0.904302299], [0.0525927506, 4.56371784, 0.178200319, -0.952045321], [0.828407704, -2.30809355, -2.56913304, -3.00100255]]> : tensor<5x4xf32>} : () -> tensor<5x4xf32>
  %c2 = shlo.constant {value = dense<[[-0.584940612, 1.8459866, -0.640601813, 3.13877249], [1.11981523, -1.56716263, -3.011990e+00, -0.372066051], [0.10022305, 1.13481152, -1.84119713, 0.0429682583], [-0.0790424794, 0.968878269, 1.939930e-01, -0.408037215], [2.22801971, -3.49253869, 1.86802232, -1.67661953]]> : tensor<5x4xf32>} : () -> tensor<5x4xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x4xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[[0], [2], [4]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %v5 = "shlo.gather"(%v3, %c4) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>} : (tensor<5x4xcomplex<f32>>, tensor<3x1xi32>) -> tensor<3x4xcomplex<f32>>
  %v6 = "shlo.real"(%v5) : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xf32>
  %v7 = "shlo.imag"(%v5) : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xf32>
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-4.325300e-02, 1.99878275, 3.160040e+00, -0.0282935072], [2.30163765, 3.47912264, 0.673585176, -0.904302299], [0.828407704, -2.30809355, -2.56913304, -3.00100255]]> : tensor<3x4xf32>}} : (tensor<3x4xf32>) -> ()
  "shlo.custom_call"(%v7) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.584940612, 1.8459866, -0.640601813, 3.13877249], [0.10022305, 1.13481152, -1.84119713, 0.0429682583], [2.22801971, -3.49253869, 1.86802232, -1.67661953]]> : tensor<3x4xf32>}} : (tensor<3x4xf32>) -> ()
  func.return
}
