// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.00717616, -1.06935668, -0.804719328, 0.911311626], [1.77543557, -0.807759642, 1.49262846, 2.609689], [-1.12508929, 2.42045021, -0.0232973434, -0.88718611], [-2.60227323, 0.855063557, 0.911312282, 0.596979499], [-4.46191788, 1.1894474, 1.73692381, -1.9185158]]> : tensor<5x4xf32>} : () -> tensor<5x4xf32>
  %c2 = shlo.constant {value = dense<[[3.78516698, 1.32026339, -2.55225396, -1.89467919], [1.67782104, 1.28285837, 2.42821765, -3.76929331], [1.74323106, 1.57834065, 3.38061905, 1.89492357], [0.106249765, 0.597437322, 0.246020854, -2.32066441], [-5.84985638, 0.0880343839, -3.70037222, -2.66263747]]> : tensor<5x4xf32>} : () -> tensor<5x4xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x4xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[[1, 1], [4, 3], [-1, 9]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %v5 = "shlo.gather"(%v3, %c4) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2>} : (tensor<5x4xcomplex<f32>>, tensor<3x2xi32>) -> tensor<3x2xcomplex<f32>>
  %v6 = "shlo.real"(%v5) : (tensor<3x2xcomplex<f32>>) -> tensor<3x2xf32>
  %v7 = "shlo.imag"(%v5) : (tensor<3x2xcomplex<f32>>) -> tensor<3x2xf32>
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.807759642, 1.49262846], [1.73692381, -1.9185158], [-0.804719328, 0.911311626]]> : tensor<3x2xf32>}} : (tensor<3x2xf32>) -> ()
  "shlo.custom_call"(%v7) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.28285837, 2.42821765], [-3.70037222, -2.66263747], [-2.55225396, -1.89467919]]> : tensor<3x2xf32>}} : (tensor<3x2xf32>) -> ()
  func.return
}
